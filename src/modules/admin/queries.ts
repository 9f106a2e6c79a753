import { Effect } from 'effect'
import { sql } from 'kysely'
import { escapeLike, query } from '../../platform/database.ts'
import { isUuid } from '../../platform/ids.ts'
import { dayOf, now } from '../../platform/time.ts'
import { emailContaining, emailsOf, usersWithEmailContaining } from '../auth/users.ts'
import type { Counter } from './projections/dashboard-stats.ts'
import { noteTexts } from './notes.ts'
import {
  addDays,
  CHART_DAYS,
  CHART_MONTHS,
  dayPeriod,
  isDay,
  isMonth,
  lastDays,
  lastMonths,
  monthPeriod,
  USERS_MAX_PAGE_SIZE,
  USERS_PAGE_SIZE,
  weekPeriod,
  type ModerationAction,
} from './rules.ts'
import { InvalidPeriod } from './errors.ts'

/** Reads of the admin read models (admin_users, admin_stats, moderation_history): never the log. */

const countsOf = Effect.fn('AdminStats.counts')(function* (periods: readonly string[]) {
  const rows = yield* query((db) =>
    db
      .selectFrom('admin_active_counts')
      .select(['period', 'active_users'])
      .where('period', 'in', [...periods])
      .execute(),
  )
  const counts = new Map(rows.map((row) => [row.period, Number(row.active_users)]))
  return (period: string) => counts.get(period) ?? 0
})

/** GET /api/admin/dashboard: the spec's stats, each 0 until something is counted. */
export const dashboardStats = Effect.fn('AdminStats.dashboard')(function* () {
  const today = dayOf(yield* now)
  const [counters, active] = yield* Effect.all(
    [query((db) => db.selectFrom('admin_counters').select(['name', 'value']).execute()), countsOf([dayPeriod(today), weekPeriod(today), monthPeriod(today)])],
    { concurrency: 2 },
  )
  const counter = (name: Counter) => Number(counters.find((row) => row.name === name)?.value ?? 0)
  return {
    totalUsers: counter('total_users'),
    activeUsersToday: active(dayPeriod(today)),
    activeUsersThisWeek: active(weekPeriod(today)),
    activeUsersThisMonth: active(monthPeriod(today)),
    totalPosts: counter('total_posts'),
    reportedPostsCount: counter('reported_posts'),
    bannedUsersCount: counter('banned_users'),
  }
})

/** GET /api/admin/dashboard/active-users?date=YYYY-MM-DD or ?month=YYYY-MM */
export const activeUsersIn = Effect.fn('AdminStats.activeUsersIn')(function* (input: { date?: string | undefined; month?: string | undefined }) {
  if (input.date !== undefined && isDay(input.date)) return { date: input.date, activeUsers: (yield* countsOf([dayPeriod(input.date)]))(dayPeriod(input.date)) }
  if (input.month !== undefined && isMonth(input.month)) {
    const period = monthPeriod(input.month)
    return { month: input.month, activeUsers: (yield* countsOf([period]))(period) }
  }
  return yield* new InvalidPeriod()
})

/** The charts: daily active users over the last 30 days and monthly over the last 12, oldest first. */
export const activitySeries = Effect.fn('AdminStats.series')(function* () {
  const today = dayOf(yield* now)
  const days = lastDays(today, CHART_DAYS)
  const months = lastMonths(today, CHART_MONTHS)
  const active = yield* countsOf([...days.map(dayPeriod), ...months.map(monthPeriod)])
  return {
    daily: days.map((date) => ({ date, activeUsers: active(dayPeriod(date)) })),
    monthly: months.map((month) => ({ month, activeUsers: active(monthPeriod(month)) })),
  }
})

/** Matches are counted up to this many; beyond it the list says "1000+". */
export const COUNT_CAP = 1000
const NO_ONE = '00000000-0000-0000-0000-000000000000'

export interface UserSearch {
  readonly search?: string | undefined
  readonly status?: 'active' | 'banned' | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
  /** How far matches are counted (and fetched by index before walking instead); tests lower it. */
  readonly countCap?: number | undefined
}

/**
 * GET /api/admin/users: newest accounts first, filtered by a case-insensitive substring of the e-mail
 * or username and by status. Rows are the spec's (id, username, email, is_blocked) and what the Users
 * tab shows besides.
 */
export const searchUsers = Effect.fn('AdminUsers.search')(function* (input: UserSearch) {
  const limit = Math.min(Math.max(1, Math.floor(input.limit ?? USERS_PAGE_SIZE)), USERS_MAX_PAGE_SIZE)
  const offset = Math.max(0, Math.floor(input.offset ?? 0))
  const text = (input.search ?? '').trim().toLowerCase()
  const cap = input.countCap ?? COUNT_CAP
  const { rows, total } = yield* query(async (db) => {
    const pattern = `%${escapeLike(text)}%`
    let matching = db.selectFrom('admin_users')
    if (input.status) matching = matching.where('blocked', '=', input.status === 'banned')
    if (text !== '') {
      // A few matches: fetched by the trigram indexes, then filtered and sorted by id. Many matches: walk
      // the newest accounts and test each one, which stops as soon as a page is full.
      const [byEmail, byUsername] = await Promise.all([
        usersWithEmailContaining(db, text)
          .limit(cap + 1)
          .execute(),
        db
          .selectFrom('admin_users')
          .select('user_id as id')
          .where(sql<string>`lower(username)`, 'like', pattern)
          .limit(cap + 1)
          .execute(),
      ])
      const ids = [...new Set([...byEmail, ...byUsername].map((row) => row.id))]
      matching =
        ids.length <= cap
          ? matching.where('user_id', 'in', ids.length > 0 ? ids : [NO_ONE])
          : matching.where((eb) => eb.or([emailContaining(eb, 'admin_users.user_id', text), eb(sql<string>`lower(username)`, 'like', pattern)]))
    }
    const [rows, count] = await Promise.all([
      matching
        .select([
          'user_id',
          'username',
          'role',
          'blocked',
          'verified',
          'registered_at',
          sql<string | null>`to_char(last_active_day, 'YYYY-MM-DD')`.as('last_active_day'),
          'warnings',
        ])
        .orderBy('registered_at', 'desc')
        .orderBy('user_id')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom(
          matching
            .select(sql.lit(1).as('one'))
            .limit(cap + 1)
            .as('capped'),
        )
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.total) }
  })
  const emails = yield* emailsOf(rows.map((row) => row.user_id))
  return {
    /** Exact up to COUNT_CAP; cap + 1 means "more than COUNT_CAP". */
    total,
    users: rows.map((row) => ({
      id: row.user_id,
      username: row.username,
      email: emails.get(row.user_id) ?? null,
      is_blocked: row.blocked,
      role: row.role,
      verified: row.verified,
      registered_at: row.registered_at.toISOString(),
      last_active_day: row.last_active_day,
      warnings: row.warnings,
    })),
  }
})

/** GET /api/admin/users/{id}/warnings/latest: the newest warning's text (null when there is none). */
export const latestWarning = Effect.fn('AdminUsers.latestWarning')(function* (userId: string) {
  const row = yield* query((db) =>
    db
      .selectFrom('admin_warnings')
      .select(['warning_id', 'admin_id', 'warned_at'])
      .where('user_id', '=', userId)
      .orderBy('warned_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  )
  if (!row) return { reason: null, created_at: null }
  const [texts, emails] = yield* Effect.all([noteTexts([row.warning_id]), emailsOf([row.admin_id])], { concurrency: 2 })
  return { reason: texts.get(row.warning_id) ?? null, created_at: row.warned_at.toISOString(), admin_email: emails.get(row.admin_id) ?? null }
})

export interface HistoryFilter {
  /** An admin's id, or part of their e-mail. */
  readonly admin?: string | undefined
  /** The target user's id, or part of their e-mail. */
  readonly target?: string | undefined
  readonly action?: ModerationAction | undefined
  /** First and last day (YYYY-MM-DD, UTC), inclusive. */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

/** GET /api/admin/activity: the moderation history, newest first, with e-mails and notes filled in. */
export const moderationHistory = Effect.fn('AdminHistory.list')(function* (filter: HistoryFilter) {
  const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? USERS_PAGE_SIZE)), USERS_MAX_PAGE_SIZE)
  const offset = Math.max(0, Math.floor(filter.offset ?? 0))
  const { rows, total } = yield* query(async (db) => {
    const person = (column: 'admin_id' | 'target_id', text: string) =>
      isUuid(text.trim())
        ? sql<boolean>`${sql.ref(column)} = ${text.trim().toLowerCase()}::uuid`
        : sql<boolean>`${sql.ref(column)} IN (${usersWithEmailContaining(db, text)})`
    let entries = db.selectFrom('moderation_history')
    if (filter.admin?.trim()) entries = entries.where(person('admin_id', filter.admin))
    if (filter.target?.trim()) entries = entries.where(person('target_id', filter.target))
    if (filter.action) entries = entries.where('action', '=', filter.action)
    if (filter.from && isDay(filter.from)) entries = entries.where('occurred_at', '>=', new Date(`${filter.from}T00:00:00Z`))
    if (filter.to && isDay(filter.to)) entries = entries.where('occurred_at', '<', new Date(`${addDays(filter.to, 1)}T00:00:00Z`))
    const [rows, count] = await Promise.all([
      entries.selectAll().orderBy('occurred_at', 'desc').orderBy('position', 'desc').limit(limit).offset(offset).execute(),
      entries.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.total) }
  })
  const ids = rows.flatMap((row) => (row.admin_id ? [row.admin_id, row.target_id] : [row.target_id]))
  const [emails, notes] = yield* Effect.all([emailsOf(ids), noteTexts(rows.flatMap((row) => (row.note_id ? [row.note_id] : [])))], { concurrency: 2 })
  return {
    total,
    entries: rows.map((row) => ({
      id: String(row.position),
      at: row.occurred_at.toISOString(),
      action: row.action as ModerationAction,
      admin_id: row.admin_id,
      admin_email: row.admin_id ? (emails.get(row.admin_id) ?? null) : null,
      target_id: row.target_id,
      target_email: emails.get(row.target_id) ?? null,
      note: row.note_id ? (notes.get(row.note_id) ?? null) : null,
      detail: row.detail,
    })),
  }
})
