import { adminRoutes } from '../modules/admin/http.ts'
import { authRoutes } from '../modules/auth/http.ts'
import { bucketListRoutes } from '../modules/bucket-list/http.ts'
import { itineraryRoutes } from '../modules/itinerary/planner/http.ts'
import { savedItineraryRoutes } from '../modules/itinerary/saved/http.ts'
import { mediaRoutes } from '../modules/media/http.ts'
import { notificationRoutes } from '../modules/notifications/http.ts'
import { placesRoutes } from '../modules/places/http.ts'
import { roamShareRoutes } from '../modules/roam-share/http.ts'
import type { ApiRoutes } from '../platform/api-route.ts'
import { healthRoutes } from './health.ts'
import type { AppServices } from './layer.ts'

/** Every API route of the app, from each module's `http.ts`: the one table the server answers from. */
export const apiRoutes: ApiRoutes<AppServices> = [
  ...healthRoutes,
  ...authRoutes,
  ...itineraryRoutes,
  ...savedItineraryRoutes,
  ...placesRoutes,
  ...roamShareRoutes,
  ...notificationRoutes,
  ...mediaRoutes,
  ...bucketListRoutes,
  ...adminRoutes,
]
