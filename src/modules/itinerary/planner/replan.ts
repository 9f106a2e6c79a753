import { Effect } from 'effect'
import type { Attraction, City } from '../../places/domain.ts'
import type { ItineraryDay } from './assemble.ts'
import { LockNotKept } from './errors.ts'
import { planTrip, type PlanAround } from './generate.ts'
import { lockedPlaceCount } from './locks.ts'
import { sameCity, toMinutes, type PlanDay, type PlanPlace } from './plan.ts'
import type { LockedVisit } from './plan-city.ts'
import type { TripRequest } from './trip.ts'

export interface ReplanRequest extends TripRequest {
  /** The itinerary as the traveller has it now, locks included (already checked with the edit rules). */
  readonly current: readonly PlanDay[]
  /** Places deleted from this trip; one that is in the itinerary again was added back and may stay. */
  readonly removedPlaces: readonly string[]
  /** Plan only the current places, adding none (a trip copied from another traveller's post). */
  readonly onlyCurrentPlaces?: boolean | undefined
}

/** A locked place as the planner sees it: where it is and how long it takes; the rest is the traveller's own. */
const lockedAttraction = (place: PlanPlace, city: City): Attraction => ({
  id: place.id,
  name: place.name,
  address: place.address,
  city: city.name,
  cityId: city.id,
  latitude: place.coordinates.latitude,
  longitude: place.coordinates.longitude,
  kind: 'landmark',
  themes: [],
  popularity: 0,
  visitMinutes: toMinutes(place.visit_duration),
  opensAt: 0,
  closesAt: 24 * 60,
  rating: place.rating,
  reviewsCount: place.reviews_count,
})

/**
 * A destination's current days: locks, deleted places, the plan to start from. A day is the destination's
 * day of the same date among `dates` (its new dates): a lock belongs to its date, wherever the destination's
 * days now begin; a day without a date is its k-th day. A day whose date the destination no longer has keeps
 * nothing (a lock on it is refused by the re-plan).
 */
export function aroundOf(current: readonly PlanDay[], city: City, removed: readonly string[], dates: readonly string[] = []): PlanAround {
  const mine = current.filter((day) => sameCity(day.city, city.name))
  const indexOf = (day: PlanDay, k: number) => (day.date && dates.length > 0 ? dates.indexOf(day.date) : k)
  const all = mine.map((day, k) => ({ day, index: indexOf(day, k) })).filter(({ index }) => index >= 0)
  // A day trip's day is planned with its town's places (generate.ts), not the city's.
  const days = all.filter(({ day }) => !day.day_trip)
  const present = new Set(current.flatMap((day) => day.places.map((place) => place.id)))
  const locksOf = (day: PlanDay, index: number): LockedVisit[] =>
    day.places
      .filter((place) => place.locked)
      .map((place) => ({
        day: index,
        start: toMinutes(place.start_time),
        visitMinutes: toMinutes(place.visit_duration),
        attraction: lockedAttraction(place, city),
      }))
  const unlockedIds = (day: PlanDay | undefined) => (day?.places ?? []).filter((place) => !place.locked).map((place) => place.id)
  return {
    locked: days.flatMap(({ day, index }) => locksOf(day, index)),
    excluded: removed.filter((id) => !present.has(id)),
    previous: Array.from({ length: Math.max(0, ...days.map(({ index }) => index + 1)) }, (_, index) =>
      unlockedIds(days.find((day) => day.index === index)?.day),
    ),
    dayTrips: all
      .filter(({ day }) => day.day_trip)
      .map(({ day, index }) => ({ day: index, town: day.day_trip!, locked: locksOf(day, 0), previous: unlockedIds(day) })),
  }
}

/** The planned itinerary with each locked visit given back as the traveller's own place (name, address, categories). */
export function withTravellersPlaces(itinerary: readonly ItineraryDay[], current: readonly PlanDay[]): ItineraryDay[] {
  const mine = new Map(current.flatMap((day) => day.places.filter((place) => place.locked).map((place) => [place.id, place])))
  return itinerary.map((day) => ({
    ...day,
    places: day.places.map((place) => {
      const own = place.locked ? mine.get(place.id) : undefined
      return own ? { ...own, categories: own.categories ?? [], travel_time_from_previous: place.travel_time_from_previous, locked: true } : place
    }),
  }))
}

/**
 * Re-plan around the locks (POST /api/itinerary/replan): the trip planned again with its cities, dates,
 * themes and pace (or new ones), every locked visit kept on its date in its city at its time, the places
 * the traveller deleted left out, starting from the current plan. A lock the new trip has no day for (a
 * city dropped, fewer days) is refused rather than lost.
 */
export const replanItinerary = (request: ReplanRequest) =>
  Effect.gen(function* () {
    const only = request.onlyCurrentPlaces === true
    const planned = yield* planTrip(request, (_, city, dates) => ({
      ...aroundOf(request.current, city, request.removedPlaces, dates),
      ...(only ? { only } : {}),
    }))
    const itinerary = withTravellersPlaces(planned.itinerary, request.current)
    if (lockedPlaceCount(itinerary) !== lockedPlaceCount(request.current)) return yield* new LockNotKept()
    return { ...planned, itinerary, notices: [...planned.notices, ...(only ? leftOutNotices(request.current, itinerary) : [])] }
  })

/** The current places a re-plan could not keep (their hours on the new dates leave no room), in words. */
export function leftOutNotices(current: readonly PlanDay[], planned: readonly PlanDay[]): string[] {
  const kept = new Set(planned.flatMap((day) => day.places.map((place) => place.id)))
  const left = current.flatMap((day) => day.places.filter((place) => !kept.has(place.id)))
  return left.map((place) => `${place.name} does not fit its opening hours on the new dates: it was left out.`)
}
