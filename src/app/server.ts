import { handler } from '@astrojs/node/server.js'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { ensureProjections } from '../events/rebuild.ts'
import { startProjectorRunner } from '../events/runner.ts'
import { PlannerPool } from '../modules/itinerary/planner/planner-pool.ts'
import { shownSharedVersion } from '../modules/itinerary/saved/itinerary-queries.ts'
import { serveSharedCalendarFromMemory } from '../modules/itinerary/saved/shared-calendar-memory.ts'
import { serveSharedPageFromMemory } from '../modules/itinerary/saved/shared-page-cache.ts'
import { preparePlaces } from '../modules/places/import/first-start.ts'
import { appFile } from '../platform/app-files.ts'
import { ConfigError, loadConfig, type AppConfig } from '../platform/config.ts'
import { resolveDatabase } from '../platform/connect-database.ts'
import { connect } from '../platform/database.ts'
import { JobQueue } from '../platform/jobs.ts'
import { lockDataDir } from '../platform/lock.ts'
import { createLogger, type Logger } from '../platform/logging.ts'
import { migrateToLatest } from '../platform/migrations.ts'
import { fileSecret } from '../platform/secrets.ts'
import { applySecurityHeaders, securityHeaders } from '../platform/security-headers.ts'
import { PLAN_WORKER_FILE } from './build-files.ts'
import { compressResponses } from './compress-responses.ts'
import { gracefulClose } from './graceful-close.ts'
import { startHousekeeping } from './housekeeping.ts'
import { jobDefinitions } from './jobs.ts'
import { lingerAfterEarlyAnswer } from './lingering-close.ts'
import { registry } from './registry.ts'
import { makeApp, setRunningApp, type RunningApp } from './runtime.ts'
import { serveApi } from './serve-api.ts'
import { serveStaticFiles } from './static-files.ts'

/** In-flight requests may take this long to finish after a stop signal; then their connections are closed. */
const SHUTDOWN_GRACE_MS = 10_000
/** How long an idle keep-alive connection is kept open: longer than the clients that reuse it. */
const KEEP_ALIVE_MS = 65_000

type Cleanup = () => Promise<void> | void

/**
 * Everything the server started, stopped in reverse order. A stop signal may come at any moment, the first
 * start's catalog import included: start-up then ends at its next step (the import at its next batch, its
 * transaction rolled back), and what was started is stopped, PostgreSQL last.
 */
class Lifecycle {
  private readonly cleanups: Cleanup[] = []
  private readonly abort = new AbortController()
  private stopping: Promise<never> | undefined

  constructor(private readonly logger: Logger) {}

  get signal(): AbortSignal {
    return this.abort.signal
  }

  get stopRequested(): boolean {
    return this.abort.signal.aborted
  }

  add(cleanup: Cleanup): void {
    this.cleanups.push(cleanup)
  }

  /** Stops once: waits for the start-up step under way, lets `drain` finish the requests, then cleans up and exits. */
  stop(reason: string, starting: Promise<unknown>, drain: () => Promise<void>, exitCode = 0): Promise<never> {
    this.stopping ??= (async () => {
      // Keeps the process alive until cleanup has finished, whatever handles the steps leave open.
      const keepAlive = setInterval(() => {}, 1000)
      this.logger.info(`${reason}: stopping`)
      this.abort.abort()
      await starting.catch(() => {})
      await drain()
      for (const cleanup of this.cleanups.reverse()) {
        try {
          await cleanup()
        } catch (error) {
          this.logger.error('a step of the shutdown failed', { error: String(error) })
        }
      }
      this.logger.info('stopped')
      clearInterval(keepAlive)
      process.exit(exitCode)
    })()
    return this.stopping
  }
}

/** Starts or attaches to PostgreSQL, migrates, prepares places and read models, and makes the app. */
async function startApp(config: AppConfig, logger: Logger, life: Lifecycle): Promise<RunningApp | undefined> {
  const log = (message: string) => logger.info(message)
  if (!config.databaseUrl) life.add(lockDataDir(config.dataDir))
  const authSecret = config.authSecret ?? fileSecret(config.dataDir, 'auth-secret')
  const server = await resolveDatabase(config)
  life.add(server.stop)
  const database = connect(server.url, { max: 20 })
  life.add(database.close)
  await migrateToLatest(database.db)
  if (life.stopRequested) return undefined
  await preparePlaces(database.db, log, config.placesCatalog, undefined, life.signal)
  if (life.stopRequested) return undefined
  for (const rebuilt of await ensureProjections(database.db, registry)) log(`created read model ${rebuilt.projection} from ${rebuilt.events} events`)
  if (life.stopRequested) return undefined
  const jobs = new JobQueue(server.url, jobDefinitions, logger)
  await jobs.start()
  life.add(() => jobs.stop())
  const plannerPool = PlannerPool.layer({ worker: { file: appFile('dist', 'server', PLAN_WORKER_FILE) } })
  const app = makeApp({ config: { ...config, databaseUrl: server.url, authSecret }, db: database.db, logger, jobs }, { plannerPool })
  setRunningApp(app)
  life.add(() => app.runtime.dispose())
  await jobs.work((effect) => app.runtime.runPromise(effect))
  const runner = startProjectorRunner(database.db, { databaseUrl: server.url, projections: registry.async, logger })
  life.add(runner.stop)
  life.add(startHousekeeping(app.runtime, logger).stop)
  return app
}

function requestHandler(app: RunningApp, https: boolean): http.RequestListener {
  const sharedPages = { requestId: randomUUID, currentVersion: (shareId: string) => app.runtime.runPromise(shownSharedVersion(shareId)) }
  const staticFiles = serveStaticFiles(appFile('dist', 'client'))
  const running = () => app
  const headers = securityHeaders(app.config.mapStyleUrl)
  return (req, res) => {
    applySecurityHeaders(res, { https, headers })
    lingerAfterEarlyAnswer(req, res)
    // Shared pages and calendars from memory and build files come compressed already; the rest is compressed as it is sent.
    if (serveSharedPageFromMemory(req, res, sharedPages) || serveSharedCalendarFromMemory(req, res, sharedPages)) return
    staticFiles(req, res, () =>
      compressResponses(req, res, () => {
        if (!serveApi(req, res, running)) void handler(req, res)
      }),
    )
  }
}

/**
 * `npm start` (through start.mjs, once the build is there): start or attach to PostgreSQL, migrate, serve,
 * and stop cleanly on SIGINT or SIGTERM at any moment: in-flight requests finish, the projector, jobs and
 * pool stop, the embedded PostgreSQL stops, and the exit code is 0.
 */
export function startServer(): Promise<void> {
  let config: AppConfig
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.logLevel)
  const life = new Lifecycle(logger)
  let close: ((graceMs: number) => Promise<void>) | undefined
  const drain = () => close?.(SHUTDOWN_GRACE_MS) ?? Promise.resolve()
  const starting = (async () => {
    const app = await startApp(config, logger, life)
    if (!app) return
    const httpServer = http.createServer(
      // Browsers, HTTP clients and proxies keep an idle connection for up to a minute; a server that closes
      // it sooner (Node's default is 5 s) races the next request sent on it, which then fails with a reset.
      { keepAliveTimeout: KEEP_ALIVE_MS },
      requestHandler(app, config.publicBaseUrl.startsWith('https:')),
    )
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject)
      httpServer.listen(config.port, config.host, resolve)
    })
    close = gracefulClose(httpServer)
    logger.info(`Roam is listening on http://${config.host}:${config.port}`)
  })()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void life.stop(`${signal} received`, starting, drain))
  return starting.catch((error: unknown) => {
    if (life.stopRequested) return
    logger.error((error as Error).message)
    return life.stop('start-up failed', Promise.resolve(), drain, 1)
  })
}
