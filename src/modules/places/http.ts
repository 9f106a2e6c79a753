/**
 * The four places endpoints (spec §7; their paths are in `placesRoutes` below). Every answer is a JSON
 * object holding one named list:
 *
 * - `citySuggestions` (`?query=`)        → `{ suggestions: [{ description, types, places }] }`
 *     cities only, "City, Region, Country", types include "locality", `places`: how many catalog places the
 *     city has to plan with (catalog provider; itinerary/planner/rules.ts says how many days that fills at each pace);
 *     fewer than 2 characters → `[]`.
 * - `anySuggestions` (`?query=`)         → `{ suggestions: [{ description, types }] }`
 *     cities and attractions (post locations); fewer than 2 characters → `[]`.
 * - `explore` (`?city=Paris,Lyon`)       → `{ places: [Place] }`
 *     each city's top places, then a few from nearby cities (each carries its own `city`);
 *     missing city → 400, unknown city → 422 naming it.
 * - `searchAttraction` (`?query=&city=`) → `{ results: [Place] }`
 *     name matches best first (accent/case-insensitive, any language variant); missing query → 400.
 *
 * Place: `{ id, name, address, city, latitude, longitude, coordinates: {latitude, longitude},
 * categories: [kind, ...themes], duration (hours, half-hour steps), opening_hours: {open, close} ("HH:MM",
 * close "24:00" = midnight), rating, reviews_count }` — rating and reviews_count are null when unknown.
 */
import { Effect, Exit, Schema } from 'effect'
import { BadRequest } from '../../platform/errors.ts'
import { decodeQuery, json, type ApiRequest } from '../../platform/http.ts'
import { formatClock, visitHours, type Attraction, type City } from './domain.ts'
import { PlacesProvider, UnknownCity, type PlacesProviderShape, type PlacesUnavailable } from './provider.ts'
import type { ApiRoutes } from '../../platform/api-route.ts'
import { RateLimits, type Limit } from '../../platform/rate-limits.ts'

export interface PlaceResponse {
  readonly id: string
  readonly name: string
  readonly address: string | null
  readonly city: string
  readonly latitude: number
  readonly longitude: number
  readonly coordinates: { readonly latitude: number; readonly longitude: number }
  readonly categories: readonly string[]
  readonly duration: number
  readonly opening_hours: { readonly open: string; readonly close: string }
  /** Whether `opening_hours` are the place's own (OpenStreetMap, a reviewed listing) rather than its kind's typical ones. */
  readonly hours_known: boolean
  readonly rating: number | null
  readonly reviews_count: number | null
}

export function toPlaceResponse(attraction: Attraction): PlaceResponse {
  return {
    id: attraction.id,
    name: attraction.name,
    address: attraction.address,
    city: attraction.city,
    latitude: attraction.latitude,
    longitude: attraction.longitude,
    coordinates: { latitude: attraction.latitude, longitude: attraction.longitude },
    categories: [attraction.kind, ...attraction.themes],
    duration: visitHours(attraction.visitMinutes),
    opening_hours: { open: formatClock(attraction.opensAt), close: formatClock(attraction.closesAt) },
    hours_known: Boolean(attraction.openingHours || attraction.reviewed),
    rating: attraction.rating,
    reviews_count: attraction.reviewsCount,
  }
}

const MAX_QUERY_LENGTH = 100
const MAX_EXPLORE_CITIES = 10

const AutocompleteQuery = Schema.Struct({ query: Schema.optional(Schema.String) })
const ExploreQuery = Schema.Struct({ city: Schema.optional(Schema.String) })
const SearchQuery = Schema.Struct({ query: Schema.optional(Schema.String), city: Schema.optional(Schema.String) })

function checkedText(value: string | undefined, field: string, required: boolean): Effect.Effect<string, BadRequest> {
  const text = (value ?? '').trim()
  if (required && text === '') return Effect.fail(new BadRequest({ message: `${field} is required` }))
  if (text.length > MAX_QUERY_LENGTH) return Effect.fail(new BadRequest({ message: `${field} must be at most ${MAX_QUERY_LENGTH} characters` }))
  return Effect.succeed(text)
}

/** Resolves every name; fails naming all the unknown ones at once. */
function resolveAll(places: PlacesProviderShape, names: readonly string[]): Effect.Effect<City[], UnknownCity> {
  return Effect.flatMap(
    Effect.forEach(names, (name) => Effect.exit(places.resolveCity(name))),
    (exits) => {
      const unknown = names.filter((_, i) => !Exit.isSuccess(exits[i]!))
      if (unknown.length === 1) return Effect.fail(UnknownCity.of(unknown[0]!))
      if (unknown.length > 1) {
        return Effect.fail(new UnknownCity({ city: unknown.join(', '), message: `Unknown cities: ${unknown.map((n) => `"${n}"`).join(', ')}` }))
      }
      return Effect.succeed(exits.map((exit) => (exit as Exit.Success<City>).value))
    },
  )
}

/**
 * Lookups one address may make in a minute against an online provider (Google's are paid, OpenStreetMap's
 * are a shared public service): counted before any work. The offline catalog costs nobody anything.
 */
export const ONLINE_LOOKUPS_PER_ADDRESS: Limit = {
  name: 'places-lookup-address',
  points: 120,
  seconds: 60,
  tooMany: (wait) => `Too many place searches. Please try again in ${wait} seconds.`,
}

const countLookup = (places: PlacesProviderShape, clientAddress: string) =>
  places.name === 'catalog' ? Effect.void : RateLimits.use((limits) => limits.consume(ONLINE_LOOKUPS_PER_ADDRESS, clientAddress))

const suggestions = (url: URL, lookup: (query: string) => Effect.Effect<readonly unknown[], PlacesUnavailable>) =>
  Effect.gen(function* () {
    const { query } = yield* decodeQuery(AutocompleteQuery, url)
    const text = yield* checkedText(query, 'query', false)
    return json({ suggestions: yield* lookup(text) })
  })

/** City suggestions for the trip form. */
export const citySuggestions = Effect.fn(function* ({ url, clientAddress }: ApiRequest) {
  const places = yield* PlacesProvider
  yield* countLookup(places, clientAddress)
  return yield* suggestions(url, places.autocompleteCities)
})

/** Cities and attractions, for post locations. */
export const anySuggestions = Effect.fn(function* ({ url, clientAddress }: ApiRequest) {
  const places = yield* PlacesProvider
  yield* countLookup(places, clientAddress)
  return yield* suggestions(url, places.autocompleteAny)
})

/** Suggested attractions in those cities and nearby ones. */
export const explore = Effect.fn(function* ({ url, clientAddress }: ApiRequest) {
  const places = yield* PlacesProvider
  yield* countLookup(places, clientAddress)
  const { city } = yield* decodeQuery(ExploreQuery, url)
  const names = [
    ...new Set(
      (city ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ]
  if (names.length === 0) return yield* new BadRequest({ message: 'city is required (one or more city names, comma-separated)' })
  if (names.length > MAX_EXPLORE_CITIES) return yield* new BadRequest({ message: `At most ${MAX_EXPLORE_CITIES} cities can be explored at once` })
  const tooLong = names.find((name) => name.length > MAX_QUERY_LENGTH)
  if (tooLong) return yield* new BadRequest({ message: `city names must be at most ${MAX_QUERY_LENGTH} characters` })
  const cities = yield* resolveAll(places, names)
  const found = yield* places.explore(cities)
  return json({ places: found.map(toPlaceResponse) })
})

/** Attractions by name, optionally within one city. */
export const searchAttraction = Effect.fn(function* ({ url, clientAddress }: ApiRequest) {
  const places = yield* PlacesProvider
  yield* countLookup(places, clientAddress)
  const params = yield* decodeQuery(SearchQuery, url)
  const query = yield* checkedText(params.query, 'query', true)
  const cityName = yield* checkedText(params.city, 'city', false)
  const city = cityName ? yield* places.resolveCity(cityName) : undefined
  const found = yield* places.searchAttractions(query, city)
  return json({ results: found.map(toPlaceResponse) })
})

export const placesRoutes = [
  { method: 'GET', path: '/api/places/explore', handler: explore, body: 'none', auth: 'public' },
  { method: 'GET', path: '/api/places/search-attraction', handler: searchAttraction, body: 'none', auth: 'public' },
  { method: 'GET', path: '/api/places/google-places-autocomplete', handler: citySuggestions, body: 'none', auth: 'public' },
  { method: 'GET', path: '/api/places/google-places-autocomplete-any', handler: anySuggestions, body: 'none', auth: 'public' },
] satisfies ApiRoutes
