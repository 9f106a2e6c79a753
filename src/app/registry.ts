import { combineEvents } from '../events/event-set.ts'
import { eventStatsDaily } from '../events/projections/event-stats.ts'
import { projectionRegistry, type ReadModels } from '../events/registry.ts'
import { PostModerationEvents } from '../modules/admin/post-moderation-domain.ts'
import { adminReadModels } from '../modules/admin/read-models.ts'
import { AccountEvents } from '../modules/auth/domain.ts'
import { authReadModels } from '../modules/auth/projections.ts'
import { BucketListEvents } from '../modules/bucket-list/domain.ts'
import { bucketListReadModels } from '../modules/bucket-list/projections.ts'
import { ItineraryEvents } from '../modules/itinerary/saved/domain.ts'
import { itineraryReadModels } from '../modules/itinerary/saved/projections.ts'
import { notificationsReadModels } from '../modules/notifications/projection.ts'
import { FollowEvents } from '../modules/roam-share/follow-domain.ts'
import { LikeEvents } from '../modules/roam-share/like-domain.ts'
import { PostEvents } from '../modules/roam-share/post-domain.ts'
import { ProfileEvents } from '../modules/roam-share/profile-domain.ts'
import { TripCopyEvents } from '../modules/roam-share/trip-copy-domain.ts'
import { roamShareReadModels } from '../modules/roam-share/read-models.ts'

/** Every event type the log may hold, with its schema: a module adds its aggregate's event set here. */
export const catalog = combineEvents(
  AccountEvents,
  ItineraryEvents,
  BucketListEvents,
  ProfileEvents,
  PostEvents,
  LikeEvents,
  FollowEvents,
  TripCopyEvents,
  PostModerationEvents,
)

/** Every module's read models: a module lists its own once (`authReadModels`, `roam-share/read-models.ts`). */
const modules: readonly ReadModels[] = [
  authReadModels,
  adminReadModels,
  itineraryReadModels,
  bucketListReadModels,
  roamShareReadModels,
  notificationsReadModels,
]

/**
 * Every read model and where it runs. Inline: a module's own read models, updated in the transaction of
 * every append of an event they read (in the order their `runsAfter` asks). Async: statistics and
 * notifications, in the projector runner.
 */
export const registry = projectionRegistry({
  catalog,
  inline: modules.flatMap((module) => module.inline ?? []),
  async: [eventStatsDaily(catalog), ...modules.flatMap((module) => module.async ?? [])],
})
