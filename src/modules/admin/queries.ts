import { Effect } from 'effect'
import { sql, type SelectQueryBuilder } from 'kysely'
import { escapeLike, query } from '../../platform/database.ts'
import type { Tables } from '../../platform/tables.ts'
import { isUuid } from '../../platform/ids.ts'
import { dayOf, now } from '../../platform/time.ts'
import { emailContaining, emailsOf, usersMatching, usersWithEmailContaining } from '../auth/users.ts'
import { dashboardStatsProjection, type Counter } from './projections/dashboard-stats.ts'
import { moderationHistoryProjection } from './projections/moderation-history.ts'
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
  MAX_OFFSET,
  monthPeriod,
  USERS_MAX_PAGE_SIZE,
  USERS_PAGE_SIZE,
  weekPeriod,
  wholeOr,
  type ModerationAction,
} from './rules.ts'
import { InvalidPeriod } from './errors.ts'
import { awaitOwnWrites } from '../../events/read-after.ts'

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
  yield* awaitOwnWrites([dashboardStatsProjection.name])
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
  yield* awaitOwnWrites([dashboardStatsProjection.name])
  if (input.date !== undefined && isDay(input.date)) return { date: input.date, activeUsers: (yield* countsOf([dayPeriod(input.date)]))(dayPeriod(input.date)) }
  if (input.month !== undefined && isMonth(input.month)) {
    const period = monthPeriod(input.month)
    return { month: input.month, activeUsers: (yield* countsOf([period]))(period) }
  }
  return yield* new InvalidPeriod()
})

/** The charts: daily active users over the last 30 days and monthly over the last 12, oldest first. */
export const activitySeries = Effect.fn('AdminStats.series')(function* () {
  yield* awaitOwnWrites([dashboardStatsProjection.name])
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
/** A username search reads at most this many matching usernames (they join the e-mail matches by id). */
const USERNAME_MATCHES_MAX = 5000

export interface UserSearch {
  readonly search?: string | undefined
  readonly status?: 'active' | 'banned' | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
  /** How far matches are counted; tests lower it. */
  readonly countCap?: number | undefined
}

const userColumns = [
  'user_id',
  'username',
  'role',
  'blocked',
  'verified',
  'registered_at',
  sql<string | null>`to_char(last_active_day, 'YYYY-MM-DD')`.as('last_active_day'),
  'warnings',
] as const

/**
 * GET /api/admin/users: newest accounts first, filtered by a case-insensitive substring of the e-mail
 * or username and by status. Rows are the spec's (id, username, email, is_blocked) and what the Users
 * tab shows besides.
 *
 * A search runs on the accounts' own table (`usersMatching`): one table, so PostgreSQL either walks the
 * newest accounts testing each e-mail (a common fragment fills the page at once) or takes the few
 * matches from the trigram index and sorts them, whichever its statistics say is cheaper, and no plan
 * probes a second table per row. Usernames that match join by id; a status keeps or drops the blocked
 * accounts, a small set. The page's rows are then read from the admin read model by id.
 */
export const searchUsers = Effect.fn('AdminUsers.search')(function* (input: UserSearch) {
  const limit = Math.min(Math.max(1, wholeOr(input.limit, USERS_PAGE_SIZE)), USERS_MAX_PAGE_SIZE)
  const offset = Math.min(Math.max(0, wholeOr(input.offset, 0)), MAX_OFFSET)
  const text = (input.search ?? '').trim().toLowerCase()
  const cap = input.countCap ?? COUNT_CAP
  const { rows, total } = yield* query(async (db) => {
    const counted = (matches: SelectQueryBuilder<Tables, any, object>) =>
      db
        .selectFrom(
          matches
            .select(sql.lit(1).as('one'))
            .limit(cap + 1)
            .as('capped'),
        )
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.total))
    if (text === '') {
      let accounts = db.selectFrom('admin_users')
      if (input.status) accounts = accounts.where('blocked', '=', input.status === 'banned')
      const [rows, total] = await Promise.all([
        accounts.select(userColumns).orderBy('registered_at', 'desc').orderBy('user_id').limit(limit).offset(offset).execute(),
        counted(accounts),
      ])
      return { rows, total }
    }
    const byUsername = await db
      .selectFrom('admin_users')
      .select('user_id')
      .where(sql<string>`lower(username)`, 'like', `%${escapeLike(text)}%`)
      .limit(USERNAME_MATCHES_MAX)
      .execute()
    const usernameIds = byUsername.map((row) => row.user_id)
    // One ordered read gives both the page and the count (matches up to the cap, or the page's end).
    const upTo = Math.max(cap + 1, offset + limit)
    let ordered: readonly { id: string }[]
    if (input.status === 'banned') {
      // The blocked are few: each one's e-mail is looked up by key.
      ordered = await db
        .selectFrom('admin_users')
        .select('user_id as id')
        .where('blocked', '=', true)
        .where((eb) =>
          usernameIds.length === 0
            ? emailContaining(eb, 'admin_users.user_id', text)
            : eb.or([emailContaining(eb, 'admin_users.user_id', text), eb('user_id', '=', sql<string>`ANY(${usernameIds}::uuid[])`)]),
        )
        .orderBy('registered_at', 'desc')
        .orderBy('user_id')
        .limit(upTo)
        .execute()
    } else {
      let matches = usersMatching(db, text, usernameIds)
      if (input.status === 'active') matches = matches.where('users.id', 'not in', db.selectFrom('admin_users').select('user_id').where('blocked', '=', true))
      ordered = await matches.orderBy('users.created_at', 'desc').orderBy('users.id').limit(upTo).execute()
    }
    const page = ordered.slice(offset, offset + limit)
    const total = Math.min(ordered.length, cap + 1)
    const found =
      page.length === 0
        ? []
        : await db
            .selectFrom('admin_users')
            .select(userColumns)
            .where(
              'user_id',
              'in',
              page.map((row) => row.id),
            )
            .execute()
    const byId = new Map(found.map((row) => [row.user_id, row]))
    return { rows: page.flatMap((row) => byId.get(row.id) ?? []), total }
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
  yield* awaitOwnWrites([moderationHistoryProjection.name])
  const limit = Math.min(Math.max(1, wholeOr(filter.limit, USERS_PAGE_SIZE)), USERS_MAX_PAGE_SIZE)
  const offset = Math.min(Math.max(0, wholeOr(filter.offset, 0)), MAX_OFFSET)
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
      post_id: row.post_id,
      note: row.note_id ? (notes.get(row.note_id) ?? null) : null,
      detail: row.detail,
    })),
  }
})
