import type { ReadModels } from '../../events/registry.ts'
import { adminUsersProjection } from './projections/admin-users.ts'
import { dashboardStatsProjection } from './projections/dashboard-stats.ts'
import { moderationHistoryProjection } from './projections/moderation-history.ts'

/** The admin module's read models (src/app/registry.ts gathers every module's). */
export const adminReadModels: ReadModels = {
  inline: [adminUsersProjection],
  async: [dashboardStatsProjection, moderationHistoryProjection],
}
