import { Effect } from 'effect'
import { json, type ApiRequest } from '../../platform/http.ts'
import { authenticate } from '../auth/authenticate.ts'
import { notificationsFor } from './queries.ts'

/** GET /api/notifications */
export const handleNotifications = Effect.fn('GET /api/notifications')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* notificationsFor(userId))
})
