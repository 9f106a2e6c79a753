/**
 * A planned place's opening hours as the itinerary keeps them: its open windows on each date of its city's
 * days ("09:00-17:00"; none: closed that date), and whether they are the place's own hours or its kind's
 * typical ones. What the pages show ("Open 09:00–17:00", "Typical hours") and what the edit rules warn
 * about. Pure and browser-safe.
 */
import { formatClock } from '../../places/domain.ts'
import { formatDay } from './plan.ts'

export interface PlaceHours {
  /** The place's own hours (OpenStreetMap, a reviewed listing), not its kind's typical window. */
  readonly known: boolean
  /** YYYY-MM-DD → its open windows that date as "HH:MM-HH:MM", in order. */
  readonly dates: Readonly<Record<string, readonly string[]>>
}

/** [opens, closes) in minutes → "09:00-17:00". */
export const windowText = ([opens, closes]: readonly [number, number]) => `${formatClock(opens)}-${formatClock(closes)}`

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/** "09:00-17:00" → [540, 1020]. */
export const parseWindow = (text: string): [number, number] => [minutesOf(text.slice(0, 5)), minutesOf(text.slice(6, 11))]

/** Whether a visit from `start` for `minutes` on `date` lies inside one of the place's windows that date; undefined when they are not recorded. */
export function insideHours(hours: PlaceHours | undefined, date: string | null, start: number, minutes: number): boolean | undefined {
  const windows = date ? hours?.dates[date] : undefined
  if (!windows) return undefined
  return windows.map(parseWindow).some(([opens, closes]) => start >= opens && start + minutes <= closes)
}

/** "Open 09:00–17:00", "Open 09:00–12:00, 14:00–18:00", "Closed on this date", "Typical hours", or undefined (nothing known). */
export function hoursLabel(hours: PlaceHours | undefined, date: string | null): string | undefined {
  if (!hours) return undefined
  if (!hours.known) return 'Typical hours'
  const windows = date ? hours.dates[date] : undefined
  if (!windows) return undefined
  if (windows.length === 0) return 'Closed on this date'
  if (windows.length === 1 && windows[0] === '00:00-24:00') return 'Open 24 hours'
  return `Open ${windows.map((window) => window.replace('-', '–')).join(', ')}`
}

/**
 * A warning in words when a visit from `start` for `minutes` (minutes from midnight) on `date` is not inside
 * the place's own hours that date; undefined when it is, or when its hours are not known.
 */
export function outsideHoursWarning(
  place: { readonly name: string; readonly opening_hours?: PlaceHours | undefined },
  date: string | null,
  start: number,
  minutes: number,
): string | undefined {
  const hours = place.opening_hours
  if (!hours?.known || !date) return undefined
  const windows = hours.dates[date]
  if (!windows) return undefined
  if (windows.length === 0) return `${place.name} is closed on ${formatDay(date)}.`
  if (insideHours(hours, date, start, minutes)) return undefined
  return `${place.name} is open ${windows.map((window) => window.replace('-', '–')).join(', ')} on ${formatDay(date)}: this visit is outside its opening hours.`
}

/** Whether a plan shows places from OpenStreetMap (their ids say so): the page then credits it (ODbL). */
export const showsOpenStreetMap = (days: ReadonlyArray<{ readonly places: ReadonlyArray<{ readonly id: string }> }>) =>
  days.some((day) => day.places.some((place) => place.id.startsWith('osm-')))

/** The attribution the ODbL asks for wherever OpenStreetMap data is shown. */
export const OSM_ATTRIBUTION = 'Places and opening hours © OpenStreetMap contributors, available under the Open Database Licence (ODbL).'
