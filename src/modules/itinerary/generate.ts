import { Effect } from 'effect'
import { httpError } from '../../platform/http.ts'
import { PlacesProvider } from '../places/provider.ts'
import { hasEnoughPlaces } from './enough-places.ts'
import { assembleItinerary, type ItineraryDay } from './itinerary.ts'
import { PACE_SETTINGS } from './pace.ts'
import { planCity, type PlannedDay } from './planner.ts'
import { cityName, validateTrip, type TripRequest } from './trip.ts'

export interface GeneratedItinerary {
  readonly itinerary: readonly ItineraryDay[]
  /** The split that was used, keyed by destination (spec §3 Trip request's daysPerCity). */
  readonly daysPerCity: Readonly<Record<string, number>>
}

const notEnoughPlaces = (city: string, days: number) =>
  httpError(422, `There are not enough attractions in ${city} to fill ${days} days. Give ${city} fewer days or choose another destination.`)

/** POST /api/itinerary/generate: checks the request, plans every destination's days, lays them end to end. */
export const generateItinerary = (request: TripRequest) =>
  Effect.gen(function* () {
    const checked = validateTrip(request)
    if (!checked.ok) return yield* Effect.fail(httpError(400, checked.message))
    const trip = checked.value
    const places = yield* PlacesProvider
    const cities = yield* Effect.forEach(trip.destinations, (name) => places.resolveCity(name))
    const ids = new Set<string>()
    for (const city of cities) {
      if (ids.has(city.id)) return yield* Effect.fail(httpError(400, `${city.name} is listed more than once`))
      ids.add(city.id)
    }
    const plans: Array<{ city: string; days: PlannedDay[] }> = []
    for (const [index, city] of cities.entries()) {
      const days = trip.daysPerCity[index]!
      const attractions = yield* places.attractionsIn(city)
      if (!hasEnoughPlaces(attractions.length, days)) return yield* Effect.fail(notEnoughPlaces(city.name, days))
      const planned = planCity({ attractions, days, pace: PACE_SETTINGS[trip.pace], themes: trip.themes })
      if (planned.some((day) => day.length === 0)) return yield* Effect.fail(notEnoughPlaces(city.name, days))
      plans.push({ city: city.name, days: planned })
    }
    return {
      itinerary: assembleItinerary(trip.startDate, plans),
      daysPerCity: Object.fromEntries(trip.destinations.map((text, index) => [cityName(text), trip.daysPerCity[index]!])),
    } satisfies GeneratedItinerary
  })
