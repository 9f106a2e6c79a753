import { Context, Effect, Layer } from 'effect'
import { CompiledQuery } from 'kysely'
import { PgBoss, type Db as IDatabase, type Job, type QueueOptions } from 'pg-boss'
import { Database, type Db } from './database.ts'
import type { Logger } from './logging.ts'

/**
 * A kind of background job: its queue's retry policy and the Effect that does one job. `R` is what
 * the Effect needs (the app's services); the app's job registry lists every definition.
 */
export interface JobDefinition<D extends object = any, R = any> {
  readonly name: string
  readonly queue?: Omit<QueueOptions, 'name'>
  /** Does one job. A failure is retried per the queue's policy; `lastAttempt` says whether this is the final try. */
  readonly run: (data: D, attempt: { readonly lastAttempt: boolean }) => Effect.Effect<void, unknown, R>
}

/** Runs a job's Effect on the app's runtime (which provides the services the definitions need). */
export type RunEffect = (effect: Effect.Effect<void, unknown, any>) => Promise<void>

const DEFAULT_QUEUE: QueueOptions = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 }

/** Runs pg-boss statements on a kysely connection: the caller's transaction when it has one. */
function onKysely(db: Db): IDatabase {
  return {
    executeSql: async (text: string, values?: unknown[]) => ({ rows: (await db.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as any[] }),
  }
}

/**
 * The app's PostgreSQL-backed job queue (pg-boss, in its own `pgboss` schema of the app's database, so
 * it works with the embedded server and with any external PostgreSQL). Jobs are sent inside the
 * caller's transaction, so a job exists exactly when the events that asked for it were committed.
 * Any process may send; the processes that call `work` take jobs, each job once, with retries.
 */
export class JobQueue {
  private boss: PgBoss | undefined
  private starting: Promise<PgBoss> | undefined
  private readonly definitions = new Map<string, JobDefinition>()

  constructor(
    private readonly databaseUrl: string,
    definitions: readonly JobDefinition[],
    private readonly logger: Logger,
  ) {
    for (const definition of definitions) this.definitions.set(definition.name, definition)
  }

  /** Installs or upgrades the queue's schema and creates every queue (idempotent, on first use). */
  start(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const boss = new PgBoss({ connectionString: this.databaseUrl, schema: 'pgboss', max: 4, application_name: 'roam-jobs', useListenNotify: true })
      boss.on('error', (error) => this.logger.error('job queue error', { error: String(error) }))
      await boss.start()
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name))
      for (const definition of this.definitions.values()) {
        if (!existing.has(definition.name)) await boss.createQueue(definition.name, { ...DEFAULT_QUEUE, notify: true, ...definition.queue })
      }
      this.boss = boss
      return boss
    })()
    return this.starting
  }

  async send(db: Db, name: string, data: object, options: { singletonKey?: string } = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name}`)
    const boss = await this.start()
    await boss.send(name, data, { ...options, db: onKysely(db) })
  }

  /** Starts taking jobs of every queue in this process. */
  async work(run: RunEffect): Promise<void> {
    const boss = await this.start()
    for (const definition of this.definitions.values()) {
      await boss.work(definition.name, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) await this.runOne(definition, job, run)
      })
    }
  }

  /** Runs every job waiting in `name` now, in this process, until none is left (for tests and the CLI). */
  async drain(name: string, run: RunEffect): Promise<number> {
    const boss = await this.start()
    const definition = this.definitions.get(name)
    if (!definition) throw new Error(`No job named ${name}`)
    let done = 0
    for (;;) {
      const [job] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true })
      if (!job) return done
      try {
        await this.runOne(definition, job, run)
        await boss.complete(name, job.id)
      } catch (error) {
        await boss.fail(name, job.id, { message: String(error) })
      }
      done++
    }
  }

  private async runOne(definition: JobDefinition, job: Job<unknown> & { retryLimit?: number }, run: RunEffect) {
    const lastAttempt = job.retryCount >= (job.retryLimit ?? definition.queue?.retryLimit ?? DEFAULT_QUEUE.retryLimit ?? 0)
    try {
      await run(definition.run(job.data as object, { lastAttempt }))
    } catch (error) {
      this.logger.warn('job failed', { job: definition.name, id: job.id, retryCount: job.retryCount, error: String(error) })
      throw error
    }
  }

  async stop(): Promise<void> {
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => undefined) : undefined)
    // A job still running after 3 s is retried by the next start; PostgreSQL stops soon after.
    if (boss) await boss.stop({ graceful: true, timeout: 3_000 })
  }
}

/** Sending jobs from Effect code: `yield* sendJob('media.delete', { keys })` joins the current transaction. */
export class Jobs extends Context.Service<Jobs, { readonly queue: JobQueue }>()('roam/Jobs') {
  static layer(queue: JobQueue) {
    return Layer.succeed(Jobs, { queue })
  }
}

export const sendJob = Effect.fn('Jobs.send')(function* (name: string, data: object, options: { singletonKey?: string } = {}) {
  const { queue } = yield* Jobs
  yield* (yield* Database).query((db) => queue.send(db, name, data, options))
})
