import { Effect, Schema } from 'effect'
import { BadRequest } from '../../platform/errors.ts'
import { decodeJsonBody, json, type ApiRequest } from '../../platform/http.ts'
import { authenticate } from '../auth/authenticate.ts'
import { notificationsFor, unreadCount } from './queries.ts'
import { markNotificationsSeen } from './seen.ts'

/** GET /api/notifications */
export const handleNotifications = Effect.fn('GET /api/notifications')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* notificationsFor(userId))
})

/** GET /api/notifications/unread: how many notifications came after the newest one the account has seen (the bell). */
export const handleUnreadCount = Effect.fn('GET /api/notifications/unread')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json({ count: yield* unreadCount(userId) })
})

const SeenBody = Schema.Struct({ upTo: Schema.String })

/** POST /api/notifications/seen { upTo }: the Notifications page showed everything up to this id; answers the count still unread. */
export const handleNotificationsSeen = Effect.fn('POST /api/notifications/seen')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const { upTo } = yield* decodeJsonBody(SeenBody, request)
  const id = Number(upTo)
  if (!/^\d{1,15}$/.test(upTo) || !Number.isSafeInteger(id)) return yield* new BadRequest({ message: 'upTo must be a notification id' })
  yield* markNotificationsSeen(userId, id)
  return json({ count: yield* unreadCount(userId) })
})
