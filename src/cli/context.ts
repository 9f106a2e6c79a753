import { registry } from '../app/registry.ts'
import { jobDefinitions } from '../app/jobs.ts'
import { makeApp, type AppRuntime } from '../app/runtime.ts'
import { PlannerPool } from '../modules/itinerary/planner/planner-pool.ts'
import { ensureProjections } from '../events/rebuild.ts'
import { ConfigError, loadConfig, type AppConfig } from '../platform/config.ts'
import { resolveDatabase } from '../platform/connect-database.ts'
import { connect, type Connection } from '../platform/database.ts'
import { createLogger } from '../platform/logging.ts'
import { migrateToLatest } from '../platform/migrations.ts'
import { JobQueue } from '../platform/jobs.ts'
import { fileSecret } from '../platform/secrets.ts'

export interface CliContext {
  readonly config: AppConfig
  readonly database: Connection
  readonly databaseUrl: string
  /** The app's services, as pages get them: commands run module code through it. */
  readonly runtime: AppRuntime
  readonly args: readonly string[]
  readonly out: (line: string) => void
}

export interface Command {
  readonly name: string
  readonly usage: string
  readonly run: (context: CliContext) => Promise<number | void>
}

/**
 * Runs a command against the same database `npm start` uses in this environment: the running embedded
 * server when there is one, else one started just for the command (and stopped after it).
 */
export async function withDatabase(args: readonly string[], run: (context: CliContext) => Promise<number | void>): Promise<number> {
  let config: AppConfig
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
  const server = await resolveDatabase(config)
  const database = connect(server.url, { max: 4, applicationName: 'roam-cli' })
  const authSecret = config.authSecret ?? fileSecret(config.dataDir, 'auth-secret')
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel)
  const jobs = new JobQueue(server.url, jobDefinitions, logger)
  const { runtime } = makeApp(
    { config: { ...config, databaseUrl: server.url, authSecret }, db: database.db, logger, jobs },
    // A command rarely plans a trip: no planner threads unless one does.
    { plannerPool: PlannerPool.layer({ warm: false }) },
  )
  try {
    await migrateToLatest(database.db)
    await ensureProjections(database.db, registry)
    return (await run({ config, database, databaseUrl: server.url, runtime, args, out: (line) => process.stdout.write(`${line}\n`) })) ?? 0
  } finally {
    await runtime.dispose()
    await jobs.stop()
    await database.close()
    if (server.started) await server.stop()
  }
}
