import { sql, type Kysely } from 'kysely'
import type { RecordedEvent } from '../../events/types.ts'
import { lockInKeyOrder, zipped } from '../../events/zipped.ts'

/**
 * The shape of Roam Share's toggle read models (likes, follows) and the counters they move (like counts,
 * follower counts): a batch is folded into net changes first (the last toggle per pair, summed counter
 * changes), so a rebuild over millions of events runs as a few bulk statements.
 */

export const chunks = <T>(items: readonly T[], size = 5000): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** A toggle table: one row per pair that is on, keyed by two uuid columns, with the time it was turned on. */
export interface ToggleTable<E> {
  readonly table: string
  readonly keys: readonly [string, string]
  readonly at: string
  readonly pairOf: (event: E) => readonly [string, string]
  readonly isOn: (event: E) => boolean
}

/** Writes a batch of toggles: the last one per pair decides whether its row is there. */
export async function applyToggles<E extends RecordedEvent<{ type: string; data: object }>>(db: Kysely<any>, toggle: ToggleTable<E>, events: readonly E[]) {
  const last = new Map<string, E>()
  for (const event of events) last.set(toggle.pairOf(event).join(' '), event)
  const final = [...last.values()]
  const [first, second] = toggle.keys
  for (const batch of chunks(final.filter(toggle.isOn))) {
    await db
      .insertInto(toggle.table)
      .values(
        batch.map((event) => {
          const [a, b] = toggle.pairOf(event)
          return { [first]: a, [second]: b, [toggle.at]: event.occurredAt }
        }),
      )
      .onConflict((oc) => oc.columns([first, second]).doUpdateSet({ [toggle.at]: sql.ref(`excluded.${toggle.at}`) }))
      .execute()
  }
  for (const batch of chunks(final.filter((event) => !toggle.isOn(event)))) {
    await db
      .deleteFrom(toggle.table)
      .where((eb) =>
        eb(
          eb.refTuple(first, second),
          'in',
          batch.map((event) => eb.tuple(...toggle.pairOf(event))),
        ),
      )
      .execute()
  }
}

/**
 * Net counter changes per key over a batch. A key moved and moved back is kept with a change of zero: its
 * counter is still read out for the commands that moved it.
 */
export class Deltas {
  private readonly byKey = new Map<string, number>()
  add(key: string, by: number) {
    this.byKey.set(key, (this.byKey.get(key) ?? 0) + by)
  }
  entries(): [string, number][] {
    return [...this.byKey]
  }
  clear() {
    this.byKey.clear()
  }
}

/**
 * Adds each column's net changes to the rows of `table` keyed by the uuid column `key` (never below zero),
 * after locking the rows in key order: a hot row is held only from the end of the batch to its commit,
 * and two group-committed batches wait for each other instead of deadlocking. `createMissing` inserts
 * the rows that are not there yet. Answers with the counters' new values by key (a key with no row: none).
 */
export async function addToCounters(
  db: Kysely<any>,
  table: string,
  key: string,
  counters: Record<string, Deltas>,
  createMissing = false,
): Promise<Map<string, Record<string, number>>> {
  const columns = Object.entries(counters).map(([column, deltas]) => [column, new Map(deltas.entries())] as const)
  const ids = [...new Set(columns.flatMap(([, deltas]) => [...deltas.keys()]))].sort()
  const counted = new Map<string, Record<string, number>>()
  for (const batch of chunks(ids)) {
    if (createMissing)
      await db
        .insertInto(table)
        .values(batch.map((id) => ({ [key]: id })))
        .onConflict((oc) => oc.column(key).doNothing())
        .execute()
    await lockInKeyOrder(db, table, key, batch)
    const changes = Object.fromEntries(columns.map(([, deltas], i) => [`by${i}`, { values: batch.map((id) => deltas.get(id) ?? 0), type: 'int' }]))
    const rows = await db
      .updateTable(`${table} as r`)
      .from(zipped(db, { id: { values: batch, type: 'uuid' }, ...changes }))
      .set(Object.fromEntries(columns.map(([column], i) => [column, sql`greatest(${sql.ref(`r.${column}`)} + ${sql.ref(`t.by${i}`)}, 0)`])))
      .whereRef(`r.${key}`, '=', 't.id')
      .returning((eb) => [eb.ref(`r.${key}`).as('id'), ...columns.map(([column]) => eb.ref(`r.${column}`).as(column))])
      .execute()
    for (const { id, ...values } of rows) counted.set(id, values)
  }
  return counted
}
