import { legText } from './legs.ts'
import { dayPlace, formatHour, toMinutes, type PlanDay, type PlanPlace } from './plan.ts'
import { timeZoneAt, zonedInstant } from './time-zone.ts'

/**
 * The trip as files a navigation or mapping app opens (OsmAnd, Organic Maps, Google Earth, Garmin): GPX 1.1
 * and KML 2.2, one route per day through its stops in order, each stop a named waypoint with the time the
 * plan gives it (as an instant, read in the stop's time zone; none when the trip has no dates). Pure.
 */

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character]!)

interface Stop {
  readonly place: PlanPlace
  readonly number: number
  /** When the visit starts and ends, when the day has a date. */
  readonly start?: string
  readonly end?: string
  readonly note: string
}

const routedDays = (days: readonly PlanDay[]) => days.filter((day) => day.places.length > 0)

const dayName = (day: PlanDay) => `Day ${day.day}: ${dayPlace(day)}`

function stopsOf(day: PlanDay): Stop[] {
  return day.places.map((place, k) => {
    const start = toMinutes(place.start_time)
    const end = start + toMinutes(place.visit_duration)
    const travel = place.travel_time_from_previous > 0 ? `, ${legText(place.travel_time_from_previous, place.travel_mode)} from the previous stop` : ''
    const note = `${formatHour(start / 60)}–${formatHour(end / 60)}${travel}`
    if (!day.date) return { place, number: k + 1, note }
    const zone = timeZoneAt(place.coordinates)
    return { place, number: k + 1, note, start: zonedInstant(day.date, start, zone).toISOString(), end: zonedInstant(day.date, end, zone).toISOString() }
  })
}

const coordinates = (place: PlanPlace) => `lat="${place.latitude.toFixed(6)}" lon="${place.longitude.toFixed(6)}"`

/** GPX 1.1: every stop a waypoint, and one route per day (the schema wants the waypoints first). */
export function itineraryGpx(title: string, days: readonly PlanDay[]): string {
  const routed = routedDays(days).map((day) => ({ day, stops: stopsOf(day) }))
  const point = (element: 'wpt' | 'rtept', day: PlanDay, stop: Stop) =>
    [
      `<${element} ${coordinates(stop.place)}>`,
      stop.start ? `<time>${stop.start}</time>` : '',
      `<name>${escapeXml(`${stop.number}. ${stop.place.name}`)}</name>`,
      `<desc>${escapeXml(`${dayName(day)}, ${stop.note}`)}</desc>`,
      `</${element}>`,
    ].join('')
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Roam" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${escapeXml(title)}</name></metadata>`,
    ...routed.flatMap(({ day, stops }) => stops.map((stop) => point('wpt', day, stop))),
    ...routed.map(({ day, stops }) =>
      [`<rte><name>${escapeXml(dayName(day))}</name><number>${day.day}</number>`, ...stops.map((stop) => point('rtept', day, stop)), '</rte>'].join('\n'),
    ),
    '</gpx>',
    '',
  ].join('\n')
}

/** KML 2.2: a folder per day with its stops as placemarks (with their times) and the day's route as a line. */
export function itineraryKml(title: string, days: readonly PlanDay[]): string {
  const folder = (day: PlanDay) => {
    const stops = stopsOf(day)
    const placemarks = stops.map((stop) =>
      [
        `<Placemark><name>${escapeXml(`${stop.number}. ${stop.place.name}`)}</name>`,
        `<description>${escapeXml(stop.note)}</description>`,
        stop.start ? `<TimeSpan><begin>${stop.start}</begin><end>${stop.end}</end></TimeSpan>` : '',
        `<Point><coordinates>${stop.place.longitude.toFixed(6)},${stop.place.latitude.toFixed(6)}</coordinates></Point></Placemark>`,
      ].join(''),
    )
    const line =
      stops.length > 1
        ? `<Placemark><name>${escapeXml(`Route of day ${day.day}`)}</name><LineString><tessellate>1</tessellate><coordinates>${stops
            .map((stop) => `${stop.place.longitude.toFixed(6)},${stop.place.latitude.toFixed(6)}`)
            .join(' ')}</coordinates></LineString></Placemark>`
        : ''
    return [`<Folder><name>${escapeXml(dayName(day))}</name>`, ...placemarks, line, '</Folder>'].filter(Boolean).join('\n')
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${escapeXml(title)}</name>`,
    ...routedDays(days).map(folder),
    '</Document>',
    '</kml>',
    '',
  ].join('\n')
}
