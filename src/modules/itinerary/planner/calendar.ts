import ical from 'ical-generator'
import { calendarFileName } from './calendar-name.ts'
import { legText } from './legs.ts'
import { BREAK_LABELS, cityCentre, dayPlace, formatHour, toMinutes, type PlanDay } from './plan.ts'
import { timeZoneAt, zonedInstant } from './time-zone.ts'

/**
 * "Add to calendar": an iCalendar file with one event per visit. Each visit's local time is read in the
 * time zone of its city (from the coordinates), and written as the exact instant (UTC), so every calendar
 * app shows it at the right moment wherever the traveller is when they open it.
 */

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
      const travel = place.travel_time_from_previous > 0 ? ` Travel from previous: ${legText(place.travel_time_from_previous, place.travel_mode)}.` : ''
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
    for (const pause of day.breaks ?? []) {
      const start = toMinutes(pause.start)
      const end = toMinutes(pause.end)
      calendar.createEvent({
        id: `${uidPrefix}-day${day.day}-${pause.kind}@roam`,
        start: zonedInstant(day.date!, start, zone),
        end: zonedInstant(day.date!, end, zone),
        summary: BREAK_LABELS[pause.kind],
        description: `${title}, day ${day.day} in ${dayPlace(day)}: ${formatHour(start / 60)}–${formatHour(end / 60)} local time (${zone}), where the day passes.`,
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
