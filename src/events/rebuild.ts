import { sql } from 'kysely'
import type { Db } from '../platform/database.ts'
import { projectorLockKey, saveCheckpoint } from './checkpoints.ts'
import { decodeFor, payloadsOf, scoped } from './projector.ts'
import { positionOf, readLog } from './store.ts'
import { allProjections, type ProjectionRegistry } from './registry.ts'
import { LOG_START, type LogPosition, type Projection } from './types.ts'

export interface RebuildResult {
  readonly projection: string
  readonly events: number
  readonly ms: number
}

const ident = (name: string) => sql.id(name)

async function replay(db: Db, projection: Projection<any>, schema: string, from: LogPosition, batchSize: number, includeInFlight: boolean) {
  let after = from
  let count = 0
  for (;;) {
    const events = await readLog(db, { after, limit: batchSize, eventTypes: projection.events.types, includeInFlight, payloadsOf: payloadsOf(projection) })
    if (events.length === 0) return { after, count }
    await db.transaction().execute((trx) => projection.apply(scoped(trx, schema), decodeFor(projection, events)))
    after = positionOf(events[events.length - 1]!)
    count += events.length
  }
}

/**
 * Rebuilds a read model from the whole log into fresh tables in a scratch schema, then swaps them in.
 * The projector's advisory lock keeps the async runner out meanwhile; for inline projections the live
 * tables are locked against writers for the final catch-up and swap.
 */
export async function rebuildProjection(db: Db, registry: ProjectionRegistry, projection: Projection<any>, batchSize = 5000): Promise<RebuildResult> {
  const inline = registry.inline.includes(projection)
  const started = performance.now()
  const schema = `rebuild_${projection.name.replace(/\W/g, '_')}`
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${projectorLockKey(projection.name)})`.execute(conn)
    try {
      await sql`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`.execute(conn)
      await sql`CREATE SCHEMA ${ident(schema)}`.execute(conn)
      await sql.raw(projection.ddl(schema)).execute(conn)
      const bulk = await replay(conn, projection, schema, LOG_START, batchSize, false)
      const total = await conn.transaction().execute(async (trx) => {
        const existing = await liveTables(trx, projection)
        const live = existing.map((table) => sql`public.${ident(table)}`)
        if (inline && existing.length > 0) {
          await sql`LOCK TABLE ${sql.join(live)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx)
        }
        // With writers locked out, every committed event is final for an inline model; an async model
        // keeps to the snapshot bound and records where it stopped.
        const tail = await replay(trx, projection, schema, bulk.after, batchSize, inline)
        if (!inline) await saveCheckpoint(trx, projection.name, tail.after)
        if (existing.length > 0) await sql`DROP TABLE ${sql.join(live)} CASCADE`.execute(trx)
        for (const table of projection.tables) {
          await sql`ALTER TABLE ${ident(schema)}.${ident(table)} SET SCHEMA public`.execute(trx)
        }
        await sql`DROP SCHEMA ${ident(schema)}`.execute(trx)
        return bulk.count + tail.count
      })
      return { projection: projection.name, events: total, ms: Math.round(performance.now() - started) }
    } finally {
      await sql`SELECT pg_advisory_unlock(${projectorLockKey(projection.name)})`.execute(conn)
    }
  })
}

async function liveTables(db: Db, projection: Projection<any>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_name = ANY(${[...projection.tables]})`.execute(db)
  const present = new Set(rows.map((row) => row.table_name))
  return projection.tables.filter((table) => present.has(table))
}

/** Creates any read model whose tables are missing by rebuilding it from the log. */
export async function ensureProjections(db: Db, registry: ProjectionRegistry): Promise<RebuildResult[]> {
  const results: RebuildResult[] = []
  for (const projection of allProjections(registry)) {
    if ((await liveTables(db, projection)).length < projection.tables.length) {
      results.push(await rebuildProjection(db, registry, projection))
    }
  }
  return results
}
