import { sql } from 'kysely'
import type { Db } from '../platform/database.ts'

/**
 * A decider whose streams grow long (a saved itinerary: one version a save, each the whole document) asks
 * for snapshots: its folded state is stored every `every` events, and a command reads the snapshot and the
 * events after it, so it costs what the last changes cost, not the whole past. `rules` names the evolve
 * rules the state was folded with; change it when they change, and older snapshots are ignored.
 */
export interface SnapshotPolicy {
  readonly every: number
  readonly rules: string
}

export interface Snapshot {
  readonly version: number
  readonly state: unknown
}

export async function loadSnapshot(db: Db, streamId: string, rules: string): Promise<Snapshot | undefined> {
  const row = await db
    .selectFrom('stream_snapshots')
    .select(['version', 'state'])
    .where('stream_id', '=', streamId)
    .where('rules', '=', rules)
    .executeTakeFirst()
  return row && { version: row.version, state: row.state }
}

export async function saveSnapshot(db: Db, streamId: string, rules: string, version: number, state: unknown): Promise<void> {
  const json = JSON.stringify(state)
  await db
    .insertInto('stream_snapshots')
    .values({ stream_id: streamId, rules, version, state: json })
    .onConflict((oc) => oc.column('stream_id').doUpdateSet({ rules, version, state: json }).where(sql.ref('stream_snapshots.version'), '<', version))
    .execute()
}

export async function deleteSnapshot(db: Db, streamId: string): Promise<void> {
  await db.deleteFrom('stream_snapshots').where('stream_id', '=', streamId).execute()
}
