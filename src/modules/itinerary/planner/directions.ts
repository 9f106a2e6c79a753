import type { PlanDay, PlanPlace } from './plan.ts'

/**
 * Directions for a day, to take along in a navigation app. Google Maps takes a whole day in one address
 * (its documented Maps URLs: an origin, a destination and up to 9 waypoints between); openstreetmap.org's
 * directions take two points, so a day there goes leg by leg. Pure.
 */

/** Google Maps takes at most this many stops in one address (origin, 9 waypoints, destination). */
const GOOGLE_STOPS = 11

const point = (place: Pick<PlanPlace, 'latitude' | 'longitude'>) => `${place.latitude.toFixed(6)},${place.longitude.toFixed(6)}`

/** Whether every leg of the day is walked. */
const walkedAllDay = (day: PlanDay) => day.places.slice(1).every((place) => place.travel_mode === 'walk')

/** The day's stops in order as one Google Maps directions address (the first 11 when it has more), or undefined under two stops. */
export function googleMapsDirections(day: PlanDay): string | undefined {
  const stops = day.places.slice(0, GOOGLE_STOPS)
  if (stops.length < 2) return undefined
  const url = new URL('https://www.google.com/maps/dir/')
  url.searchParams.set('api', '1')
  url.searchParams.set('origin', point(stops[0]!))
  url.searchParams.set('destination', point(stops.at(-1)!))
  if (stops.length > 2) url.searchParams.set('waypoints', stops.slice(1, -1).map(point).join('|'))
  url.searchParams.set('travelmode', walkedAllDay(day) ? 'walking' : 'transit')
  return url.href
}

export interface DirectionsLeg {
  readonly from: string
  readonly to: string
  /** openstreetmap.org's directions between the two: on foot for a walked leg, else by road (it has no transit). */
  readonly url: string
}

/** Each leg of the day as openstreetmap.org directions. */
export function openStreetMapLegs(day: PlanDay): DirectionsLeg[] {
  return day.places.slice(1).map((place, k) => {
    const previous = day.places[k]!
    const url = new URL('https://www.openstreetmap.org/directions')
    url.searchParams.set('engine', place.travel_mode === 'walk' ? 'fossgis_osrm_foot' : 'fossgis_osrm_car')
    url.searchParams.set('route', `${point(previous)};${point(place)}`)
    return { from: previous.name, to: place.name, url: url.href }
  })
}

/** Where to see one place on a map: openstreetmap.org with a marker, and Google Maps' documented search address. */
export function placeOnMaps(place: Pick<PlanPlace, 'latitude' | 'longitude'>): { readonly openStreetMap: string; readonly googleMaps: string } {
  const osm = new URL('https://www.openstreetmap.org/')
  osm.searchParams.set('mlat', place.latitude.toFixed(6))
  osm.searchParams.set('mlon', place.longitude.toFixed(6))
  osm.hash = `map=18/${place.latitude.toFixed(6)}/${place.longitude.toFixed(6)}`
  const google = new URL('https://www.google.com/maps/search/')
  google.searchParams.set('api', '1')
  google.searchParams.set('query', point(place))
  return { openStreetMap: osm.href, googleMaps: google.href }
}
