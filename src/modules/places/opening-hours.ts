/**
 * A place's open windows on a date. Real hours (OpenStreetMap's `opening_hours` syntax, read by the
 * `opening_hours` package that OSM editors use) when the place has them and they parse; else its daily
 * window (the catalog's hours, or the kind's typical window) except on the weekdays it is closed every week.
 */
import OpeningHours from 'opening_hours'
import { END_OF_DAY, type Attraction, type MinuteOfDay } from './domain.ts'
import { WEEKDAYS } from './sights/famous-sights.ts'

/** [opens, closes) in minutes from midnight. */
export type OpenWindow = readonly [MinuteOfDay, MinuteOfDay]

export interface DayHours {
  /** The windows it is open on the date, in order; none: closed that day. */
  readonly windows: readonly OpenWindow[]
  /** The place's own hours (OSM hours or a reviewed listing), not its kind's typical window. */
  readonly known: boolean
}

export type HoursSource = Pick<Attraction, 'opensAt' | 'closesAt' | 'closedDays' | 'openingHours' | 'reviewed' | 'latitude' | 'longitude' | 'countryCode'>

const MAX_PARSED = 5000
const parsed = new Map<string, OpeningHours | null>()

/** The parsed hours (cached), or undefined when the text does not parse. */
export function parseOpeningHours(text: string, where: { latitude: number; longitude: number; countryCode?: string | undefined }): OpeningHours | undefined {
  const key = `${text}\n${where.countryCode ?? ''}\n${where.latitude.toFixed(1)},${where.longitude.toFixed(1)}`
  let hours = parsed.get(key)
  if (hours === undefined) {
    hours = tryParse(text, where)
    if (parsed.size >= MAX_PARSED) parsed.clear()
    parsed.set(key, hours)
  }
  return hours ?? undefined
}

/** Rules of public and school holidays, left out where the package has no holiday list for the country. */
const HOLIDAY_RULE = /\b(PH|SH)\b/

function tryParse(text: string, where: { latitude: number; longitude: number; countryCode?: string | undefined }): OpeningHours | null {
  const at = (countryCode: string) => ({ lat: where.latitude, lon: where.longitude, address: { country_code: countryCode.toLowerCase(), state: '' } })
  const withoutHolidays = text
    .split(';')
    .filter((rule) => !HOLIDAY_RULE.test(rule))
    .join(';')
  const attempts: Array<[string, ReturnType<typeof at>]> = [[text, at(where.countryCode ?? '')]]
  if (withoutHolidays.trim() && withoutHolidays !== text) attempts.push([withoutHolidays, at(where.countryCode ?? '')])
  for (const [value, place] of attempts) {
    const hours = quietly(() => {
      // Mode 0: the `opening_hours` tag's own syntax (no points in time).
      const parsed = new OpeningHours(value, place as never, { mode: 0 } as never)
      // Holiday rules are only checked when a date is evaluated: evaluate a year's worth of them now.
      if (HOLIDAY_RULE.test(value)) parsed.getOpenIntervals(new Date(2026, 0, 1), new Date(2027, 0, 1))
      return parsed
    })
    if (hours) return hours
  }
  return null
}

/** Runs the package's parser, which writes what it cannot evaluate to the console before throwing. */
function quietly<T>(work: () => T): T | undefined {
  const error = console.error
  console.error = () => undefined
  try {
    return work()
  } catch {
    return undefined
  } finally {
    console.error = error
  }
}

const dayStart = (date: string) => {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(year!, month! - 1, day!)
}

const minuteOf = (instant: Date) => instant.getHours() * 60 + instant.getMinutes()

/** Open windows of parsed hours on a date (local clock times; a window past midnight ends at 24:00). */
export function windowsOn(hours: OpeningHours, date: string): OpenWindow[] {
  const from = dayStart(date)
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1)
  const windows: OpenWindow[] = []
  for (const [start, end] of hours.getOpenIntervals(from, to)) {
    const opens = start <= from ? 0 : minuteOf(start)
    const closes = end >= to ? END_OF_DAY : minuteOf(end)
    if (closes > opens) windows.push([opens, closes])
  }
  return windows
}

/** "2026-12-01" → "Tue". */
export const weekdayOf = (date: string) => WEEKDAYS[(dayStart(date).getDay() + 6) % 7]!

/** The place's open windows on `date` (YYYY-MM-DD). */
export function hoursOn(place: HoursSource, date: string): DayHours {
  const real = place.openingHours ? parseOpeningHours(place.openingHours, place) : undefined
  const windows = real && quietly(() => windowsOn(real, date))
  if (windows) return { windows, known: true }
  if (place.closedDays?.includes(weekdayOf(date))) return { windows: [], known: Boolean(place.reviewed) }
  return { windows: [[place.opensAt, place.closesAt]], known: Boolean(place.reviewed) }
}

/** Whether a visit from `start` for `minutes` lies inside one of the place's windows on `date`. */
export function isOpenFor(place: HoursSource, date: string, start: MinuteOfDay, minutes: number): boolean {
  return hoursOn(place, date).windows.some(([opens, closes]) => start >= opens && start + minutes <= closes)
}
