import { combineEvents } from '../events/event-set.ts'
import { eventStatsDaily } from '../events/projections/event-stats.ts'
import { projectionRegistry } from '../events/registry.ts'
import { adminUsersProjection } from '../modules/admin/projections/admin-users.ts'
import { dashboardStatsProjection } from '../modules/admin/projections/dashboard-stats.ts'
import { moderationHistoryProjection } from '../modules/admin/projections/moderation-history.ts'
import { PostModerationEvents } from '../modules/admin/post-moderation-domain.ts'
import { AccountEvents } from '../modules/auth/domain.ts'
import { accountsProjection } from '../modules/auth/projections.ts'
import { BucketListEvents } from '../modules/bucket-list/domain.ts'
import { bucketListsProjection } from '../modules/bucket-list/projections.ts'
import { ItineraryEvents } from '../modules/itinerary/saved/domain.ts'
import { savedItinerariesProjection } from '../modules/itinerary/saved/projections.ts'
import { notificationsProjection } from '../modules/notifications/projection.ts'
import { FollowEvents } from '../modules/roam-share/follow-domain.ts'
import { LikeEvents } from '../modules/roam-share/like-domain.ts'
import { PostEvents } from '../modules/roam-share/post-domain.ts'
import { postsProjection, reportsProjection } from '../modules/roam-share/posts-projection.ts'
import { ProfileEvents } from '../modules/roam-share/profile-domain.ts'
import { followsProjection, likesProjection, profilesProjection } from '../modules/roam-share/projections.ts'

/** Every event type the log may hold, with its schema: a module adds its aggregate's event set here. */
export const catalog = combineEvents(
  AccountEvents,
  ItineraryEvents,
  BucketListEvents,
  ProfileEvents,
  PostEvents,
  LikeEvents,
  FollowEvents,
  PostModerationEvents,
)

/**
 * Every read model and where it runs. Inline: a module's own read models, updated in the transaction of
 * every append of an event they read (in the order their `runsAfter` asks). Async: statistics and
 * notifications, in the projector runner.
 */
export const registry = projectionRegistry({
  catalog,
  inline: [
    accountsProjection,
    adminUsersProjection,
    savedItinerariesProjection,
    bucketListsProjection,
    profilesProjection,
    followsProjection,
    postsProjection,
    likesProjection,
    reportsProjection,
  ],
  async: [eventStatsDaily(catalog), dashboardStatsProjection, moderationHistoryProjection, notificationsProjection],
})
