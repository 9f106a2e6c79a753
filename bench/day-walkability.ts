/**
 * Whether a plan's days can be walked as planned, measured independently of the planner (issue: days by
 * neighbourhood): places close together on different days, each day's route against its shortest order, how
 * legs are made and what a 1 km leg is said to take.
 */
import { distanceKm, isKind } from '../src/modules/places/domain.ts'
import { daylightOn, isOutdoors } from '../src/modules/itinerary/planner/daylight.ts'
import { legOver } from '../src/modules/itinerary/planner/legs.ts'
import type { Coordinates, PlanDay } from '../src/modules/itinerary/planner/plan.ts'

export interface Walkability {
  /** Pairs of planned places under 150 m / 400 m apart that are planned on different days of one trip. */
  readonly apart150: string[]
  /** The city of each pair under 400 m apart on different days. */
  readonly apart400: string[]
  /**
   * Each day's route over its shortest order, for days of 2 to 8 visits, in the legs model's minutes
   * (legs.ts: a walk and a ride of one length differ), out from the day's base and back when it has one.
   */
  readonly routeRatios: number[]
  /** The days whose route is over 1.25 × their shortest order. */
  readonly longRoutes: string[]
  readonly walkedLegs: number
  readonly legs: number
  /** Minutes shown for legs of 0.9 to 1.1 km. */
  readonly oneKmMinutes: number[]
  /** Days out from before noon to after 14:30 without a lunch break between 12:00 and 14:30. */
  readonly withoutLunch: string[]
  /** Outdoor visits (gardens, viewpoints, beaches, quarters, open-air sites) that end after sunset on their date. */
  readonly afterSunset: string[]
}

const NOON = 12
const LUNCH_OVER = 14.5

/** Whether a day that is out from before noon to after 14:30 has at least 45 minutes free between 12:00 and 14:30, or is a day at one site. */
function hasLunch(day: PlanDay): boolean {
  // A day at one site (Petra, a national park: five hours or more) takes its lunch there.
  if (day.places.some((place) => place.visit_duration >= 5)) return true
  const lunch = day.breaks?.find((pause) => pause.kind === 'lunch')
  if (lunch) return lunch.start >= NOON && lunch.end <= LUNCH_OVER && lunch.end - lunch.start >= 0.75
  const busy = day.places
    .map((place) => [Math.max(NOON, place.start_time), Math.min(LUNCH_OVER, place.start_time + place.visit_duration)] as const)
    .filter(([start, end]) => start < end)
  let free = NOON
  for (const [start, end] of [...busy].sort((a, b) => a[0] - b[0])) {
    if (start - free >= 0.75) return true
    free = Math.max(free, end)
  }
  return LUNCH_OVER - free >= 0.75
}

type Point = Coordinates
const minutes = (a: Point, b: Point) => legOver(distanceKm(a, b)).minutes

/** A route's minutes: from the base (when given) through the points in order, and back. */
const routeMinutes = (points: readonly Point[], base: Point | undefined) =>
  points.reduce((sum, point, k) => sum + (k > 0 ? minutes(points[k - 1]!, point) : base ? minutes(base, point) : 0), 0) +
  (base && points.length > 0 ? minutes(points.at(-1)!, base) : 0)

/** The shortest route through the points (from and back to the base when given, else any start and end), by permutation. */
function shortestMinutes(points: readonly Point[], base: Point | undefined): number {
  let best = Infinity
  const walk = (order: Point[], left: Point[]) => {
    if (left.length === 0) {
      best = Math.min(best, routeMinutes(order, base))
      return
    }
    for (const [k, next] of left.entries()) walk([...order, next], [...left.slice(0, k), ...left.slice(k + 1)])
  }
  walk([], [...points])
  return best
}

export function walkability(trip: readonly PlanDay[]): Walkability {
  const apart150: string[] = []
  const apart400: string[] = []
  const routeRatios: number[] = []
  let walkedLegs = 0
  let legs = 0
  const oneKmMinutes: number[] = []
  const withoutLunch: string[] = []
  const afterSunset: string[] = []
  const longRoutes: string[] = []
  const visits = trip.flatMap((day) => day.places.map((place) => ({ day, place })))
  for (let i = 0; i < visits.length; i++) {
    for (let j = i + 1; j < visits.length; j++) {
      const a = visits[i]!
      const b = visits[j]!
      if (a.day === b.day) continue
      const km = distanceKm(a.place.coordinates, b.place.coordinates)
      if (km < 0.4) apart400.push(a.day.city)
      if (km < 0.15) apart150.push(`${a.day.city}: ${a.place.name} (day ${a.day.day}) / ${b.place.name} (day ${b.day.day}), ${Math.round(km * 1000)} m`)
    }
  }
  for (const day of trip) {
    const first = day.places[0]
    const last = day.places.at(-1)
    if (first && last && first.start_time < NOON && last.start_time + last.visit_duration > LUNCH_OVER && !hasLunch(day))
      withoutLunch.push(`${day.city} day ${day.day}`)
    if (day.places.length >= 2 && day.places.length <= 8) {
      const points = day.places.map((place) => place.coordinates)
      const shortest = shortestMinutes(points, day.base)
      const ratio = shortest > 1 ? routeMinutes(points, day.base) / shortest : 1
      routeRatios.push(ratio)
      if (ratio > 1.25)
        longRoutes.push(`${day.city} day ${day.day}: ${ratio.toFixed(2)} × (${day.places.map((place) => `${place.name} ${place.start_time}`).join(', ')})`)
    }
    for (const place of day.places) {
      const kind = place.categories?.[0]
      const light = day.date && kind && isKind(kind) && isOutdoors(kind) ? daylightOn(place.coordinates, day.date) : undefined
      if (light && (place.start_time + place.visit_duration) * 60 > light.sunset + 1)
        afterSunset.push(
          `${day.city} day ${day.day}: ${place.name} (${kind}) until ${place.start_time + place.visit_duration} h, sunset ${Math.round(light.sunset)} min`,
        )
    }
    for (const [k, place] of day.places.entries()) {
      if (k === 0) continue
      legs++
      if (place.travel_mode === 'walk') walkedLegs++
      const km = distanceKm(day.places[k - 1]!.coordinates, place.coordinates)
      if (km >= 0.9 && km <= 1.1) oneKmMinutes.push(place.travel_time_from_previous)
    }
  }
  return { apart150, apart400, routeRatios, longRoutes, walkedLegs, legs, oneKmMinutes, withoutLunch, afterSunset }
}
