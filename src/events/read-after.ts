import { Effect } from 'effect'
import { sql } from 'kysely'
import { Database, type Db } from '../platform/database.ts'
import { OwnWrites, type LogPoint } from '../platform/own-writes.ts'

/** A read waits at most this long for the projector; then it answers with what is there. */
const WAIT_MS = 2000
const POLL_MS = 20

/** Whether every one of these projections has passed the point, or the point names no event of the log (nothing to wait for). */
async function caughtUp(db: Db, projections: readonly string[], point: LogPoint): Promise<boolean> {
  const { rows } = await sql<{ passed: number; known: boolean }>`
    SELECT
      (SELECT count(*)::int FROM projection_checkpoints
        WHERE name = ANY(${projections}::text[])
          AND (transaction_id, global_position) >= (${point.transactionId}::xid8, ${point.globalPosition})) AS passed,
      EXISTS (SELECT 1 FROM events WHERE transaction_id = ${point.transactionId}::xid8 AND global_position = ${point.globalPosition}) AS known`.execute(db)
  const row = rows[0]!
  return !row.known || row.passed >= projections.length
}

/**
 * Before a read of async read models: waits, bounded, until each of these projections has passed the last
 * write of the request's client (`OwnWrites`), so nobody reads a count that ignores their own action.
 * Without such a write it costs nothing.
 */
export const awaitOwnWrites = Effect.fn('ReadModels.awaitOwnWrites')(function* (projections: readonly string[]) {
  const { readAfter } = yield* OwnWrites
  if (!readAfter) return
  yield* (yield* Database).query(async (db) => {
    const deadline = performance.now() + WAIT_MS
    while (!(await caughtUp(db, projections, readAfter)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  })
})
