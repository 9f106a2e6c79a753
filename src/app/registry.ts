import { combineEvents } from '../events/event-set.ts'
import { eventStatsDaily } from '../events/projections/event-stats.ts'
import { projectionRegistry } from '../events/registry.ts'
import { adminUsersProjection } from '../modules/admin/projections/admin-users.ts'
import { dashboardStatsProjection } from '../modules/admin/projections/dashboard-stats.ts'
import { moderationHistoryProjection } from '../modules/admin/projections/moderation-history.ts'
import { AccountEvents } from '../modules/auth/domain.ts'
import { accountsProjection } from '../modules/auth/projections.ts'
import { BucketListEvents } from '../modules/bucket-list/domain.ts'
import { bucketListsProjection } from '../modules/bucket-list/projections.ts'

/** Every event type the log may hold, with its schema: a module adds its aggregate's event set here. */
export const catalog = combineEvents(AccountEvents, BucketListEvents)

/**
 * Every read model and where it runs. Inline: a module's own read models, updated in the transaction of
 * every append of an event they read. Async: statistics and notifications, in the projector runner.
 */
export const registry = projectionRegistry({
  catalog,
  inline: [accountsProjection, adminUsersProjection, bucketListsProjection],
  async: [eventStatsDaily(catalog), dashboardStatsProjection, moderationHistoryProjection],
})
