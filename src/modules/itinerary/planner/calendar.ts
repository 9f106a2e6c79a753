import tzLookup from '@photostructure/tz-lookup'
import ical from 'ical-generator'
import { calendarFileName } from './calendar-name.ts'
import { cityCentre, dayPlace, formatHour, toMinutes, type Coordinates, type PlanDay } from './plan.ts'

/**
 * "Add to calendar": an iCalendar file with one event per visit. Each visit's local time is read in the
 * time zone of its city (from the coordinates), and written as the exact instant (UTC), so every calendar
 * app shows it at the right moment wherever the traveller is when they open it.
 */

/** The IANA time zone at a point, e.g. "Europe/Paris". */
export const timeZoneAt = (point: Coordinates) => tzLookup(point.latitude, point.longitude)

const formatters = new Map<string, Intl.DateTimeFormat>()
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

export interface CalendarInput {
  readonly title: string
  readonly days: readonly PlanDay[]
  /** Makes event ids stable, so importing the file again updates rather than duplicates. */
  readonly uidPrefix: string
  /** A link back to the itinerary (the shared page), when there is one. */
  readonly url?: string | undefined
}

/** The .ics text, or undefined when no day has a date. */
export function itineraryCalendar({ title, days, uidPrefix, url }: CalendarInput): string | undefined {
  const dated = days.filter((day) => day.date && day.places.length > 0)
  if (dated.length === 0) return undefined
  const calendar = ical({ name: title, prodId: { company: 'Roam', product: 'Itinerary', language: 'EN' } })
  for (const day of dated) {
    const zone = timeZoneAt(cityCentre([day], day.city) ?? day.places[0]!.coordinates)
    for (const [k, place] of day.places.entries()) {
      const start = toMinutes(place.start_time)
      const end = start + toMinutes(place.visit_duration)
      const travel = place.travel_time_from_previous > 0 ? ` Travel from previous: ${place.travel_time_from_previous} min.` : ''
      calendar.createEvent({
        id: `${uidPrefix}-day${day.day}-${k + 1}@roam`,
        start: zonedInstant(day.date!, start, zone),
        end: zonedInstant(day.date!, end, zone),
        summary: place.name,
        location: { title: place.name, ...(place.address ? { address: place.address } : {}), geo: { lat: place.latitude, lon: place.longitude } },
        description: `${title}, day ${day.day} in ${dayPlace(day)}: ${formatHour(start / 60)}–${formatHour(end / 60)} local time (${zone}).${travel}`,
        ...(url ? { url } : {}),
      })
    }
  }
  return calendar.toString()
}

/** The headers of a calendar file's answer. */
export function calendarHeaders(title: string, cacheControl = 'private, no-store', etag?: string): Record<string, string> {
  return {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${calendarFileName(title)}"`,
    'cache-control': cacheControl,
    ...(etag ? { etag } : {}),
  }
}

/** The HTTP answer carrying a calendar file. */
export function calendarResponse(text: string | Uint8Array<ArrayBuffer>, title: string, cacheControl?: string, etag?: string): Response {
  return new Response(text, { headers: calendarHeaders(title, cacheControl, etag) })
}
