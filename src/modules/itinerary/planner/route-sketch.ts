import type { LegMode } from './legs.ts'

/**
 * Where a day goes, drawn without map tiles: its stops numbered in visiting order and its legs, over the
 * smallest frame that holds them, north up, with a scale bar. The shared page, the cards of My Itineraries
 * and any view without tiles draw it as SVG. Pure: the geometry only.
 */

/** What a sketch needs of a day: its places in order, where they are and how each leg is made. */
export interface SketchedDay {
  readonly places: ReadonlyArray<{ readonly name: string; readonly latitude: number; readonly longitude: number; readonly travel_mode?: LegMode | undefined }>
  /** Where the traveller stays that day, when the trip says. */
  readonly stay?: { readonly latitude: number; readonly longitude: number } | undefined
}

export interface SketchStop {
  readonly x: number
  readonly y: number
  /** The stop's number in its day's order, from 1. */
  readonly number: number
  readonly name: string
  /** Which of the sketched days (0-based), for its colour. */
  readonly day: number
}

export interface SketchLeg {
  readonly from: SketchStop
  readonly to: SketchStop
  readonly mode: LegMode | undefined
}

export interface Sketch {
  readonly width: number
  readonly height: number
  readonly stops: readonly SketchStop[]
  readonly legs: readonly SketchLeg[]
  /** Where the traveller stays, once per place (days in one city share it). */
  readonly stays: ReadonlyArray<{ readonly x: number; readonly y: number }>
  /** A bar of a round distance, bottom left. */
  readonly scale: { readonly x: number; readonly y: number; readonly length: number; readonly label: string }
}

/** Round lengths a scale bar may show, in km. */
const SCALE_STEPS = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500]
/** The least span drawn (km): one stop, or stops at one spot, are not blown up to fill the frame. */
const LEAST_SPAN_KM = 0.4
/** Height kept free at the bottom for the scale bar and its label. */
const SCALE_ROOM = 16

const scaleLabel = (km: number) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km} km`)

/** The days' stops and legs fitted into `width` × `height` with `padding` on every side (the scale bar below them); undefined when no day has a stop. */
export function sketchDays(days: readonly SketchedDay[], width: number, height: number, padding = 16): Sketch | undefined {
  const places = days.flatMap((day, d) => day.places.map((place, k) => ({ place, number: k + 1, day: d })))
  if (places.length === 0) return undefined
  const stayPoints = [...new Map(days.flatMap((day) => (day.stay ? [[`${day.stay.latitude},${day.stay.longitude}`, day.stay] as const] : []))).values()]
  const latitudes = [...places.map(({ place }) => place.latitude), ...stayPoints.map((stay) => stay.latitude)]
  const longitudes = [...places.map(({ place }) => place.longitude), ...stayPoints.map((stay) => stay.longitude)]
  const middle = { latitude: (Math.min(...latitudes) + Math.max(...latitudes)) / 2, longitude: (Math.min(...longitudes) + Math.max(...longitudes)) / 2 }
  // Kilometres east and north of the middle (an equirectangular projection: exact enough over a city).
  const kmPerDegree = 111.32
  const east = (longitude: number) => (longitude - middle.longitude) * kmPerDegree * Math.cos((middle.latitude * Math.PI) / 180)
  const north = (latitude: number) => (latitude - middle.latitude) * kmPerDegree
  const spanEast = Math.max(LEAST_SPAN_KM, ...longitudes.map((longitude) => 2 * Math.abs(east(longitude))))
  const spanNorth = Math.max(LEAST_SPAN_KM, ...latitudes.map((latitude) => 2 * Math.abs(north(latitude))))
  const drawn = height - SCALE_ROOM
  const pxPerKm = Math.min((width - 2 * padding) / spanEast, (drawn - 2 * padding) / spanNorth)
  const stops = places.map(({ place, number, day }) => ({
    x: width / 2 + east(place.longitude) * pxPerKm,
    y: drawn / 2 - north(place.latitude) * pxPerKm,
    number,
    name: place.name,
    day,
  }))
  const legs = places.flatMap(({ place, number }, k) => (number > 1 ? [{ from: stops[k - 1]!, to: stops[k]!, mode: place.travel_mode }] : []))
  const scaleKm = SCALE_STEPS.filter((km) => km * pxPerKm <= width / 3).at(-1) ?? SCALE_STEPS[0]!
  const stays = stayPoints.map((stay) => ({ x: width / 2 + east(stay.longitude) * pxPerKm, y: drawn / 2 - north(stay.latitude) * pxPerKm }))
  return { width, height, stops, legs, stays, scale: { x: padding / 2, y: height - 5, length: scaleKm * pxPerKm, label: scaleLabel(scaleKm) } }
}
