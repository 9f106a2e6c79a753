import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import { usernamesOf } from '../roam-share/profiles.ts'
import { notificationMessage } from './messages.ts'
import './projection.ts'

const LIMIT = 100

/** GET /api/notifications: the caller's newest notifications (spec §3: id, message, createdAt). */
export const notificationsFor = Effect.fn('Notifications.list')(function* (userId: string) {
  const rows = yield* query((db) =>
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'actor_id', 'detail', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIMIT)
      .execute(),
  )
  const names = yield* usernamesOf([...new Set(rows.flatMap((row) => (row.actor_id ? [row.actor_id] : [])))])
  return rows.map((row) => ({
    id: String(row.id),
    message: notificationMessage({ kind: row.kind, actor: row.actor_id ? (names.get(row.actor_id) ?? null) : null, detail: row.detail }),
    createdAt: row.created_at.toISOString(),
  }))
})
