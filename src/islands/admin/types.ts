import type { ModerationAction } from '../../modules/admin/rules.ts'

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
  readonly action: ModerationAction
  readonly admin_id: string | null
  readonly admin_email: string | null
  readonly target_id: string
  readonly target_email: string | null
  readonly post_id: string | null
  readonly note: string | null
  readonly detail: string | null
}

export interface PostReport {
  readonly reason: string
  readonly reporter: string | null
  readonly reported_at: string
}

/** A post as GET /api/admin/posts lists it: the feed's fields plus the author's e-mail and the open reports. */
export interface AdminPost {
  readonly post_id: string
  readonly user_id: string
  readonly username: string | null
  readonly email: string | null
  readonly post_type: 'photo' | 'video'
  readonly thumb_url: string | null
  readonly location: string
  readonly caption: string
  readonly tags: readonly string[]
  readonly likes: number
  readonly is_reported: boolean
  readonly video_status: string
  readonly created_at: string
  readonly reports: readonly PostReport[]
}
