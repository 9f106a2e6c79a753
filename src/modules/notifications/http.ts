import { Effect, Schema } from 'effect'
import { BadRequest } from '../../platform/errors.ts'
import { decodeQuery, json, type ApiRequest } from '../../platform/http.ts'
import { authenticate } from '../auth/authenticate.ts'
import { notificationsFor, unreadCount } from './queries.ts'

/** GET /api/notifications */
export const handleNotifications = Effect.fn('GET /api/notifications')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* notificationsFor(userId))
})

/** GET /api/notifications/unread?after={id}: how many notifications came after the newest one seen (the bell). */
export const handleUnreadCount = Effect.fn('GET /api/notifications/unread')(function* ({ request, url }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const { after = '0' } = yield* decodeQuery(Schema.Struct({ after: Schema.optional(Schema.String) }), url)
  const seen = Number(after)
  if (!/^\d{1,15}$/.test(after) || !Number.isSafeInteger(seen)) return yield* new BadRequest({ message: 'after must be a notification id' })
  return json({ count: yield* unreadCount(userId, seen) })
})
