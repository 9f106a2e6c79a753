/**
 * Moving a trip to other dates (the Overview's start date): days keep their order and places, each takes
 * the date as many days after the new start as it was after the old one, and the re-plan then checks
 * every visit against its hours on the new date. Dates are calendar days (YYYY-MM-DD), counted in UTC so
 * that no time zone shifts them. Pure and browser-safe.
 */
import type { PlanDay } from './plan.ts'

const DAY_MS = 86_400_000
const DATE = /^\d{4}-\d{2}-\d{2}/

/** The calendar day `days` after `date` ("2027-01-30", 3 → "2027-02-02"); undefined when `date` is not one. */
export function shiftDate(date: string, days: number): string | undefined {
  if (!DATE.test(date)) return undefined
  const time = Date.parse(`${date.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(time) ? undefined : new Date(time + days * DAY_MS).toISOString().slice(0, 10)
}

/** The last day of a trip of `dayCount` days from `start`. */
export const tripEnd = (start: string, dayCount: number) => shiftDate(start, Math.max(0, dayCount - 1))

/** The days with dates from `start` on, one a day in order (days without a date stay without). */
export function withDatesFrom(days: readonly PlanDay[], start: string): PlanDay[] {
  return days.map((day, k) => (day.date ? { ...day, date: shiftDate(start, k) ?? day.date } : day))
}
