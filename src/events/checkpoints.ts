import { sql } from 'kysely'
import type { Db } from '../platform/database.ts'
import { LOG_START, type LogPosition } from './types.ts'

export async function loadCheckpoint(db: Db, name: string): Promise<LogPosition> {
  const row = await db.selectFrom('projection_checkpoints').select(['transaction_id', 'global_position']).where('name', '=', name).executeTakeFirst()
  return row ? { transactionId: String(row.transaction_id), globalPosition: row.global_position } : LOG_START
}

export async function saveCheckpoint(db: Db, name: string, position: LogPosition): Promise<void> {
  await db
    .insertInto('projection_checkpoints')
    .values({ name, transaction_id: position.transactionId, global_position: position.globalPosition })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        transaction_id: position.transactionId,
        global_position: position.globalPosition,
        updated_at: sql`now()`,
      }),
    )
    .execute()
}

/** A stable advisory-lock key per projector, shared by the runner and rebuild in every process. */
export function projectorLockKey(name: string) {
  return sql<number>`hashtextextended(${`roam.projector:${name}`}, 0)`
}

/** Events committed below the current snapshot that a projector has not yet applied (at most `cap`). */
export async function projectorLag(db: Db, name: string, cap = 100_000): Promise<number> {
  const after = await loadCheckpoint(db, name)
  const row = await sql<{ behind: number }>`
    SELECT count(*)::int AS behind FROM (
      SELECT 1 FROM events
      WHERE (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      LIMIT ${cap}) pending`.execute(db)
  return row.rows[0]?.behind ?? 0
}
