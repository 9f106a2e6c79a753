import { Effect } from 'effect'
import { sql } from 'kysely'
import { query } from '../../platform/database.ts'
import './projection.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    notifications_seen: {
      user_id: string
      seen_up_to: number
    }
  }
}

/**
 * The caller has seen their notifications up to the one with id `upTo`: the mark moves to their newest
 * notification at or below it (never back, never past what they were shown), on every device at once.
 */
export const markNotificationsSeen = Effect.fn('Notifications.markSeen')(function* (userId: string, upTo: number) {
  yield* query((db) =>
    db
      .insertInto('notifications_seen')
      .columns(['user_id', 'seen_up_to'])
      .expression(
        db
          .selectFrom('notifications')
          .select((eb) => [eb.val(userId).as('user_id'), eb.fn.max('id').as('seen_up_to')])
          .where('user_id', '=', userId)
          .where('id', '<=', upTo)
          .having((eb) => eb.fn.max('id'), 'is not', null),
      )
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_up_to: sql`GREATEST(notifications_seen.seen_up_to, excluded.seen_up_to)` }))
      .execute(),
  )
})
