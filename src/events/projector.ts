import { Result } from 'effect'
import { sql, type Kysely } from 'kysely'
import type { Db } from '../platform/database.ts'
import { loadCheckpoint, projectorLockKey, saveCheckpoint } from './checkpoints.ts'
import { positionOf, readLog } from './store.ts'
import { handles, type DomainEvent, type Projection, type RecordedEvent, type StoredEvent } from './types.ts'

/** The payloads a projection reads from the log (none for one that only counts events). */
export const payloadsOf = (projection: Projection<any>): ReadonlySet<string> => (projection.readsPayloads === false ? new Set() : projection.events.types)

/** Decodes the events a projection reads; an event its schema rejects stops it with an error naming the position. */
export function decodeFor<E extends DomainEvent>(projection: Projection<E>, events: readonly StoredEvent[]): RecordedEvent<E>[] {
  if (projection.readsPayloads === false) return events.filter((event) => handles(projection, event.type)) as unknown as RecordedEvent<E>[]
  const decoded: RecordedEvent<E>[] = []
  for (const event of events) {
    if (!handles(projection, event.type)) continue
    const result = projection.events.decode(event)
    if (Result.isFailure(result)) throw result.failure
    decoded.push(result.success)
  }
  return decoded
}

export function scoped(db: Db, schema: string): Kysely<any> {
  return schema === 'public' ? (db as Kysely<any>) : (db as Kysely<any>).withSchema(schema)
}

/**
 * Applies the next batch of committed events to an async projection. The batch's writes and the new
 * checkpoint commit together, so a crash mid-batch leaves neither behind. A transaction-scoped advisory
 * lock makes sure only one process applies a given projector at a time.
 * Returns the number of events read, or -1 when another process holds the projector.
 */
export async function runBatch(db: Db, projection: Projection<any>, batchSize = 1000): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ owned: boolean }>`SELECT pg_try_advisory_xact_lock(${projectorLockKey(projection.name)}) AS owned`.execute(trx)
    if (!rows[0]?.owned) return -1
    const after = await loadCheckpoint(trx, projection.name)
    const events = await readLog(trx, { after, limit: batchSize, payloadsOf: payloadsOf(projection) })
    if (events.length === 0) return 0
    const relevant = decodeFor(projection, events)
    if (relevant.length > 0) await projection.apply(trx as Kysely<any>, relevant)
    await saveCheckpoint(trx, projection.name, positionOf(events[events.length - 1]!))
    return events.length
  })
}

/** Runs batches until the projection has caught up with every committed event. */
export async function catchUp(db: Db, projection: Projection<any>, batchSize = 1000): Promise<number> {
  let total = 0
  for (;;) {
    const read = await runBatch(db, projection, batchSize)
    if (read <= 0) return total
    total += read
  }
}
