import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Tables } from './tables.ts'

// int8 (bigint) columns come back as strings by default; our positions fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

export type Db = Kysely<Tables>

export interface Database {
  readonly pool: pg.Pool
  readonly db: Db
  readonly close: () => Promise<void>
}

export function connect(url: string, options: { max?: number; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'roam',
    idleTimeoutMillis: 30_000,
  })
  // An idle client that loses its server (e.g. during shutdown) must not crash the process.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  let closed: Promise<void> | undefined
  return { pool, db, close: () => (closed ??= db.destroy()) }
}
