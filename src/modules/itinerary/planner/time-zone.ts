import tzLookup from '@photostructure/tz-lookup'
import type { Coordinates } from './plan.ts'

/** Local clock times at a place: which time zone it is in, and when its clocks show a time. Pure. */

/** The IANA time zone at a point, e.g. "Europe/Paris". */
export const timeZoneAt = (point: Coordinates) => tzLookup(point.latitude, point.longitude)

const formatters = new Map<string, Intl.DateTimeFormat>()
/** The wall-clock reading of `timeZone` at `instant`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, format)
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]))
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
}

/** The instant at which the clocks of `timeZone` show `minutes` after midnight of `date` (YYYY-MM-DD). */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000
  let instant = wall - (wallClock(wall, timeZone) - wall)
  // Once more from the first guess: right across a daylight-saving change.
  instant = wall - (wallClock(instant, timeZone) - instant)
  return new Date(instant)
}

/** Minutes after local midnight of `date` (YYYY-MM-DD) at which `instant` falls, on the clocks of `timeZone`. */
export const localMinutes = (instant: Date, date: string, timeZone: string) =>
  (wallClock(instant.getTime(), timeZone) - Date.parse(`${date}T00:00:00Z`)) / 60_000
