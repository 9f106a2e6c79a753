/**
 * The admin dashboard's pure rules, shared by the server and the dashboard island: activity periods,
 * query formats, moderation actions and the limits of what an admin writes.
 */

export const WARNING_REQUIRED = 'Warning message required.'
export const NOTE_MAX_LENGTH = 1000
export const USERS_PAGE_SIZE = 50
export const USERS_MAX_PAGE_SIZE = 200
export const POSTS_PAGE_SIZE = 30
export const POSTS_MAX_PAGE_SIZE = 100
export const CHART_DAYS = 30
export const CHART_MONTHS = 12

export const ACTIONS = ['block', 'unblock', 'warn', 'delete', 'role', 'clear_report', 'remove_post'] as const
export type ModerationAction = (typeof ACTIONS)[number]

export const ACTION_LABELS: Readonly<Record<ModerationAction, string>> = {
  block: 'Blocked',
  unblock: 'Unblocked',
  warn: 'Warned',
  delete: 'Deleted',
  role: 'Changed role',
  clear_report: 'Cleared report',
  remove_post: 'Removed post',
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH = /^(\d{4})-(\d{2})$/
const MS_PER_DAY = 86_400_000

const utc = (day: string) => {
  const [, y, m, d] = DAY.exec(day)!
  return Date.UTC(Number(y), Number(m) - 1, Number(d))
}
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  return DAY.test(text) && dayString(utc(text)) === text
}

/** A month written YYYY-MM. */
export function isMonth(text: string): boolean {
  const match = MONTH.exec(text)
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12
}

export const addDays = (day: string, days: number) => dayString(utc(day) + days * MS_PER_DAY)

/** The Monday of the ISO week a day falls in. */
export function mondayOf(day: string): string {
  const weekday = (new Date(utc(day)).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

/**
 * The periods a day of activity counts in: the day, its ISO week (from Monday) and its month, all in UTC.
 * Active users "this week" and "this month" are the distinct users active in the current ones.
 */
export const dayPeriod = (day: string) => `d:${day}`
export const weekPeriod = (day: string) => `w:${mondayOf(day)}`
export const monthPeriod = (dayOrMonth: string) => `m:${dayOrMonth.slice(0, 7)}`
export const periodsOf = (day: string) => [dayPeriod(day), weekPeriod(day), monthPeriod(day)]

/** The last `count` days up to `today`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1))
}

/** The last `count` months up to the month of `today` (YYYY-MM), oldest first. */
export function lastMonths(today: string, count: number): string[] {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1]
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - count + 1 + i, 1)).toISOString().slice(0, 7))
}

/** Pages reach this far at most (a list goes no deeper than an admin would page). */
export const MAX_OFFSET = 100_000

/** A whole number from a query (`limit=abc` decodes to NaN, `1e300` is out of any range), or the fallback. */
export const wholeOr = (value: number | undefined, fallback: number) =>
  value !== undefined && Number.isSafeInteger(Math.floor(value)) ? Math.floor(value) : fallback

/** An admin's note as stored: trimmed, or undefined when there is none. */
export function cleanNote(text: string | null | undefined): string | undefined {
  const trimmed = (text ?? '').trim()
  return trimmed === '' ? undefined : trimmed
}
