import { Effect, Schema } from 'effect'
import { BadRequest } from '../../platform/errors.ts'
import { decodeJsonBody, json, type ApiRequest } from '../../platform/http.ts'
import { authenticate } from '../auth/authenticate.ts'
import { notificationsFor, unreadCount } from './queries.ts'
import { markNotificationsSeen } from './seen.ts'
import type { ApiRoutes } from '../../platform/api-route.ts'

export const handleNotifications = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* notificationsFor(userId))
})

/** How many notifications came after the newest one the account has seen (the bell). */
export const handleUnreadCount = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json({ count: yield* unreadCount(userId) })
})

const SeenBody = Schema.Struct({ upTo: Schema.String })

/** The Notifications page showed everything up to this id; answers the count still unread. Body: upTo. */
export const handleNotificationsSeen = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const { upTo } = yield* decodeJsonBody(SeenBody, request)
  const id = Number(upTo)
  if (!/^\d{1,15}$/.test(upTo) || !Number.isSafeInteger(id)) return yield* new BadRequest({ message: 'upTo must be a notification id' })
  yield* markNotificationsSeen(userId, id)
  return json({ count: yield* unreadCount(userId) })
})

export const notificationRoutes = [
  { method: 'GET', path: '/api/notifications', handler: handleNotifications, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/notifications/unread', handler: handleUnreadCount, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/notifications/seen', handler: handleNotificationsSeen, body: 'json', auth: 'bearer' },
] satisfies ApiRoutes
