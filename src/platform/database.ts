import { Context, Effect, Exit, Layer } from 'effect'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Tables } from './tables.ts'

// int8 (bigint) columns come back as strings by default; our positions fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

export type Db = Kysely<Tables>

/** Runs `work` in a transaction: the caller's, when `db` already is one, else a new one. */
export const withinTransaction = <A>(db: Db, work: (trx: Db) => Promise<A>): Promise<A> => (db.isTransaction ? work(db) : db.transaction().execute(work))

/** A connection pool and its kysely instance. */
export interface Connection {
  readonly pool: pg.Pool
  readonly db: Db
  readonly close: () => Promise<void>
}

/** At most this many statement texts are ever named: a connection never collects prepared statements without end. */
const MAX_NAMED_STATEMENTS = 400
/** A text seen this often is one the app repeats (same statement, new values). */
const REPEATS_BEFORE_NAMING = 3
const statementNames = new Map<string, string>()
const sightings = new Map<string, number>()

function statementName(text: string): string | undefined {
  const known = statementNames.get(text)
  if (known !== undefined || statementNames.size >= MAX_NAMED_STATEMENTS) return known
  const seen = (sightings.get(text) ?? 0) + 1
  if (seen < REPEATS_BEFORE_NAMING) {
    if (sightings.size >= 10_000) sightings.clear()
    sightings.set(text, seen)
    return undefined
  }
  sightings.delete(text)
  const name = `roam_${statementNames.size}`
  statementNames.set(text, name)
  return name
}

/**
 * Sends the statements the app repeats as named (prepared) ones: each connection then parses and plans
 * such a statement once instead of on every call, which halves PostgreSQL's work for a short query.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0 ? statementName(text) : undefined
    const query = super.query as (...args: unknown[]) => never
    return name ? query.call(this, { name, text, values }) : query.apply(this, args)
  }
}

/** The URL of another database on the same server (the query, e.g. a socket `host`, is kept). */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

export function connect(url: string, options: { max?: number; applicationName?: string } = {}): Connection {
  const pool = new pg.Pool({
    Client: PreparingClient,
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

/** The transaction the current fiber runs in, if any. */
const CurrentTransaction = Context.Reference<Db | undefined>('roam/CurrentTransaction', { defaultValue: () => undefined })

/**
 * The database as Effect code sees it. Repositories wrap their kysely calls in `query`, which runs on
 * the surrounding `transaction` when there is one, so a command's writes and its event append commit
 * together without passing a transaction around. A database failure is a defect: logged and answered
 * with a bare 500, never shown to a client.
 */
export class Database extends Context.Service<
  Database,
  {
    /** The pool itself, for infrastructure that manages its own transactions (event store, projector). */
    readonly kysely: Db
    readonly query: <A>(run: (db: Db) => Promise<A>) => Effect.Effect<A>
    /** Runs `effect` in one transaction (or joins the current one): commit on success, rollback otherwise. */
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
    /** Runs `callback` once the current transaction has committed (at once outside one; never on rollback). */
    readonly afterCommit: (callback: () => void) => Effect.Effect<void>
  }
>()('roam/Database') {
  static layer(db: Db) {
    return Layer.succeed(Database, Database.of(databaseService(db)))
  }
}

/** Kysely answers with promises: here, and only here, they become Effects (a database error is a defect). */
const kysely = <A>(run: () => Promise<A>) => Effect.promise(run)

function databaseService(root: Db): Database['Service'] {
  const current = Effect.map(CurrentTransaction, (trx) => trx ?? root)
  const committed = new WeakMap<Db, Array<() => void>>()
  return {
    kysely: root,
    query: (run) => Effect.flatMap(current, (db) => kysely(() => run(db))),
    transaction: (effect) =>
      Effect.flatMap(CurrentTransaction, (outer) =>
        outer
          ? effect
          : Effect.acquireUseRelease(
              kysely(() => root.startTransaction().execute()),
              (trx) => Effect.provideService(effect, CurrentTransaction, trx),
              (trx, exit) =>
                kysely(async () => {
                  if (!Exit.isSuccess(exit)) return trx.rollback().execute()
                  await trx.commit().execute()
                  for (const callback of committed.get(trx) ?? []) callback()
                }),
            ),
      ),
    afterCommit: (callback) =>
      Effect.map(CurrentTransaction, (trx) => {
        if (!trx) return callback()
        committed.set(trx, [...(committed.get(trx) ?? []), callback])
      }),
  }
}

/** Runs one kysely call on the current transaction or the pool: how repositories reach the database. */
export const query = <A>(run: (db: Db) => Promise<A>): Effect.Effect<A, never, Database> => Database.use((database) => database.query(run))

/** Runs `effect` in one database transaction (joining the current one). */
export const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | Database> =>
  Database.use((database) => database.transaction(effect))

/** Escapes `%`, `_` and backslash so user text matches literally inside a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')
