import { distanceKm, type Attraction } from '../../places/domain.ts'
import { famePopularity } from '../../places/sights/famous-sights.ts'
import type { CityDay } from './assemble.ts'

/** Stays from this many days in one destination may give a day to a day trip while the city still has places. */
export const TRADE_FROM_DAYS = 3

/** The sights a first visit comes for: a destination's ten most famous in the reviewed data. */
const FIRST_VISIT_RANK = 10

/** One of a destination's ten most famous reviewed sights. Popularity is stored to two decimals: 0.82 is rank 10's. */
export const isFirstVisitSight = (place: Attraction) => place.reviewed === true && place.popularity >= famePopularity(FIRST_VISIT_RANK) - 0.005

/**
 * How close together a destination's first-visit sights must lie for it to be one a traveller sees in fewer
 * days (Ljubljana, Florence, Bruges): a great city's spread (London's, Kyoto's) holds more than its ten.
 */
const COMPACT_KM = 2

const firstVisitSights = (days: readonly CityDay[]) =>
  days.flatMap((day) => day.visits.filter((visit) => isFirstVisitSight(visit.attraction)).map((visit) => visit.attraction))

/** A day trip worth a city day: it goes to one of its town's first-visit sights (Lake Bled), not only to what a catalog lists. */
export const holdsReviewedSight = (trip: CityDay) => trip.visits.some((visit) => isFirstVisitSight(visit.attraction))

/** Whether a destination's planned first-visit sights lie close together: one a traveller sees in fewer days. */
export function isCompact(days: readonly CityDay[]): boolean {
  const sights = firstVisitSights(days)
  if (sights.length === 0) return false
  const centre = {
    latitude: sights.reduce((sum, sight) => sum + sight.latitude, 0) / sights.length,
    longitude: sights.reduce((sum, sight) => sum + sight.longitude, 0) / sights.length,
  }
  return sights.every((sight) => distanceKm(centre, sight) <= COMPACT_KM)
}

/**
 * Whether the city's days one shorter still hold every first-visit sight the longer plan holds: then the
 * longer stay's last day is made of lesser places, and a famous place within reach is the better day.
 */
export function keepsFirstVisitSights(longer: readonly CityDay[], shorter: readonly CityDay[]): boolean {
  const kept = new Set(firstVisitSights(shorter).map((sight) => sight.id))
  return firstVisitSights(longer).every((sight) => kept.has(sight.id))
}
