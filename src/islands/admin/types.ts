/** What the admin API answers (spec §3 and §7), as the dashboard reads it. */
export interface DashboardStats {
  readonly totalUsers: number
  readonly activeUsersToday: number
  readonly activeUsersThisWeek: number
  readonly activeUsersThisMonth: number
  readonly totalPosts: number
  readonly reportedPostsCount: number
  readonly bannedUsersCount: number
}

export interface ActivitySeries {
  readonly daily: readonly { date: string; activeUsers: number }[]
  readonly monthly: readonly { month: string; activeUsers: number }[]
}

export interface AdminUserRow {
  readonly id: string
  readonly username: string | null
  readonly email: string | null
  readonly is_blocked: boolean
  readonly role: string
  readonly verified: boolean
  readonly registered_at: string
  readonly last_active_day: string | null
  readonly warnings: number
}

export interface HistoryEntry {
  readonly id: string
  readonly at: string
  readonly action: 'block' | 'unblock' | 'warn' | 'delete' | 'role'
  readonly admin_id: string | null
  readonly admin_email: string | null
  readonly target_id: string
  readonly target_email: string | null
  readonly note: string | null
  readonly detail: string | null
}
