import { Effect } from 'effect'
import { PlacesProvider } from '../places/provider.ts'
import { assembleItinerary, type ItineraryDay } from './assemble.ts'
import { InvalidTrip, NotEnoughPlaces } from './errors.ts'
import { PACE_SETTINGS } from './pace.ts'
import type { PlannedDay } from './planner.ts'
import { PlannerPool } from './planner-pool.ts'
import { hasEnoughPlaces } from './rules.ts'
import { cityName, validateTrip, type TripRequest } from './trip.ts'

export interface GeneratedItinerary {
  readonly itinerary: readonly ItineraryDay[]
  /** The split that was used, keyed by destination (spec §3 Trip request's daysPerCity). */
  readonly daysPerCity: Readonly<Record<string, number>>
}

/** POST /api/itinerary/generate: checks the request, plans every destination's days, lays them end to end. */
export const generateItinerary = (request: TripRequest) =>
  Effect.gen(function* () {
    const checked = validateTrip(request)
    if (!checked.ok) return yield* new InvalidTrip({ message: checked.message })
    const trip = checked.value
    const places = yield* PlacesProvider
    const planner = yield* PlannerPool
    const cities = yield* Effect.forEach(trip.destinations, (name) => places.resolveCity(name))
    const ids = new Set<string>()
    for (const city of cities) {
      if (ids.has(city.id)) return yield* new InvalidTrip({ message: `${city.name} is listed more than once` })
      ids.add(city.id)
    }
    const plans: Array<{ city: string; days: PlannedDay[] }> = []
    for (const [index, city] of cities.entries()) {
      const days = trip.daysPerCity[index]!
      const attractions = yield* places.attractionsIn(city)
      if (!hasEnoughPlaces(attractions.length, days, trip.pace)) return yield* new NotEnoughPlaces({ city: city.name, days })
      const planned = yield* planner.plan({ attractions, days, pace: PACE_SETTINGS[trip.pace], themes: trip.themes })
      if (planned.some((day) => day.length === 0)) return yield* new NotEnoughPlaces({ city: city.name, days })
      plans.push({ city: city.name, days: planned })
    }
    return {
      itinerary: assembleItinerary(trip.startDate, plans),
      daysPerCity: Object.fromEntries(trip.destinations.map((text, index) => [cityName(text), trip.daysPerCity[index]!])),
    } satisfies GeneratedItinerary
  })
