import { ConfigError, loadConfig, type AppConfig } from '../platform/config.ts'
import { resolveDatabase } from '../platform/connect-database.ts'
import { connect, type Database } from '../platform/database.ts'
import { migrateToLatest } from '../platform/migrations.ts'
import { ensureProjections } from '../events/rebuild.ts'
import { projections } from '../events/registry.ts'

export interface CliContext {
  readonly config: AppConfig
  readonly database: Database
  readonly databaseUrl: string
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
  try {
    await migrateToLatest(database.db)
    await ensureProjections(database.db, projections)
    return (await run({ config, database, databaseUrl: server.url, args, out: (line) => process.stdout.write(`${line}\n`) })) ?? 0
  } finally {
    await database.close()
    if (server.started) await server.stop()
  }
}
