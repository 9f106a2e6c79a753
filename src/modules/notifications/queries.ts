import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import { entriesOf } from '../roam-share/profiles.ts'
import { profilePath } from '../roam-share/rules.ts'
import { notificationMessage, type NotificationKind } from './messages.ts'
import { notificationsProjection } from './projection.ts'
import './seen.ts'
import { awaitOwnWrites } from '../../events/read-after.ts'

const LIMIT = 100
/** The bell counts up to this many; more show as "99+". */
export const UNREAD_COUNT_LIMIT = 100

/** Where a notification leads: the liked post (on one's own profile), the new follower, the rules. */
function linkFor(kind: NotificationKind, postId: string | null, actorName: string | undefined): string | null {
  switch (kind) {
    case 'like':
      return postId ? `/profile?post=${postId}` : '/profile'
    case 'follow':
      return actorName ? profilePath(actorName) : null
    case 'warning':
      return '/help#moderation'
    case 'post_removed':
      return null
    case 'trip_copy':
      return postId ? `/profile?post=${postId}` : '/profile'
  }
}

/**
 * GET /api/notifications: the caller's newest notifications (spec §3: id, message, createdAt), with the
 * member who liked or followed (username and picture; a moderator is never named) and the page it is about.
 */
export const notificationsFor = Effect.fn('Notifications.list')(function* (userId: string) {
  yield* awaitOwnWrites([notificationsProjection.name])
  const rows = yield* query((db) =>
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'actor_id', 'post_id', 'detail', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIMIT)
      .execute(),
  )
  const fromMembers = (row: (typeof rows)[number]) => row.actor_id !== null && (row.kind === 'like' || row.kind === 'follow' || row.kind === 'trip_copy')
  const people = yield* entriesOf([...new Set(rows.filter(fromMembers).map((row) => row.actor_id!))])
  return rows.map((row) => {
    const actor = fromMembers(row) ? (people.get(row.actor_id!) ?? null) : null
    return {
      id: String(row.id),
      message: notificationMessage({ kind: row.kind, actor: actor?.username ?? null, detail: row.detail }),
      createdAt: row.created_at.toISOString(),
      kind: row.kind,
      actor: actor && { username: actor.username, profile_picture: actor.profile_picture },
      link: linkFor(row.kind, row.post_id, actor?.username),
    }
  })
})

/** How many of the caller's notifications are newer than the newest they have seen on any device (at most UNREAD_COUNT_LIMIT). */
export const unreadCount = Effect.fn('Notifications.unreadCount')(function* (userId: string) {
  yield* awaitOwnWrites([notificationsProjection.name])
  const row = yield* query((db) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '>', (eb) => eb.fn.coalesce(eb.selectFrom('notifications_seen').select('seen_up_to').where('user_id', '=', userId), eb.lit(0)))
          .limit(UNREAD_COUNT_LIMIT)
          .as('recent'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  )
  return Number(row.n)
})
