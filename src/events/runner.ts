import pg from 'pg'
import type { Db } from '../platform/database.ts'
import type { Logger } from '../platform/logging.ts'
import { runBatch } from './projector.ts'
import { EVENTS_CHANNEL } from './store.ts'
import type { Projection } from './types.ts'

export interface RunnerOptions {
  readonly databaseUrl: string
  readonly projections: readonly Projection<any>[]
  readonly logger: Logger
  /** Fallback polling period when no notification arrives (or LISTEN is down). */
  readonly pollMs?: number
  readonly batchSize?: number
}

export interface ProjectorRunner {
  /** Resolves once every projection has applied every event committed before the call. */
  readonly drain: () => Promise<void>
  readonly stop: () => Promise<void>
}

/**
 * Keeps the async projections up to date: woken by NOTIFY on every append, polling as a fallback, and
 * reconnecting its LISTEN connection when the server goes away.
 */
export function startProjectorRunner(db: Db, options: RunnerOptions): ProjectorRunner {
  const pollMs = options.pollMs ?? 1000
  const { logger, projections } = options
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  let listener: pg.Client | undefined
  let retryListen: NodeJS.Timeout | undefined

  async function passOnce(): Promise<void> {
    for (const projection of projections) {
      for (;;) {
        if (stopped) return
        try {
          const read = await runBatch(db, projection, options.batchSize)
          if (read <= 0) break
        } catch (error) {
          logger.error('projector batch failed', { projection: projection.name, error: String(error) })
          break
        }
      }
    }
  }

  function wake(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await passOnce()
      } while (again && !stopped)
    })().finally(() => {
      running = undefined
    })
    return running
  }

  async function listen() {
    if (stopped) return
    const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'roam-projector' })
    client.on('notification', () => void wake())
    client.on('error', () => {
      client.end().catch(() => {})
      if (listener === client) listener = undefined
      if (!stopped) retryListen = setTimeout(listen, pollMs)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${EVENTS_CHANNEL}`)
      listener = client
      void wake()
    } catch {
      client.end().catch(() => {})
      if (!stopped) retryListen = setTimeout(listen, pollMs)
    }
  }

  const poll = setInterval(() => void wake(), pollMs)
  poll.unref()
  void listen()

  return {
    drain: async () => {
      await wake()
      if (again || running) await wake()
    },
    stop: async () => {
      stopped = true
      clearInterval(poll)
      clearTimeout(retryListen)
      await running
      // pg's end() can stay pending once the socket is gone; don't let shutdown hang on it.
      await Promise.race([listener?.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1000))])
    },
  }
}
