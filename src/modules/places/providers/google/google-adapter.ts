import { Effect } from 'effect'
import type { Db } from '../../../../platform/database.ts'
import type { Logger } from '../../../../platform/logging.ts'
import type { CityIndex } from '../../cities/city-index.ts'
import { cityIndex } from '../../cities/cities.ts'
import { byPopularity, distanceKm, type Attraction, type City } from '../../domain.ts'
import { cityRadiusMeters } from '../../cities/city-reach.ts'
import { postgresResponseCache } from '../response-cache.ts'
import { googlePlacesClient, type GoogleCall } from './google-client.ts'
import {
  AUTOCOMPLETE_FIELD_MASK,
  SEARCH_FIELD_MASK,
  toAttraction,
  toSuggestions,
  type GoogleAutocompleteResponse,
  type GooglePlace,
  type GoogleSearchResponse,
} from './google-mapping.ts'
import { MIN_QUERY_LENGTH, UnknownCity, type PlacesProviderShape } from '../../provider.ts'

/**
 * Nearby Search takes up to 20 results per request: one request per group of Table A types gives a city
 * enough candidates for a long trip (each answer is cached).
 */
export const ATTRACTION_TYPE_GROUPS: readonly (readonly string[])[] = [
  ['tourist_attraction', 'historical_landmark'],
  ['museum', 'art_gallery', 'performing_arts_theater'],
  ['church', 'hindu_temple', 'mosque', 'synagogue'],
  ['park', 'national_park', 'hiking_area'],
  ['zoo', 'aquarium', 'amusement_park'],
  ['night_club', 'bar', 'casino'],
  ['spa'],
]

const MAX_RESULTS = 20
const NEARBY_KM = 50
const NEARBY_PER_CITY = 3

const circle = (city: City, radius: number) => ({
  circle: { center: { latitude: city.latitude, longitude: city.longitude }, radius },
})

export interface GoogleAdapterOptions {
  readonly apiKey: string
  readonly db: Db
  readonly baseUrl?: string
  readonly timeoutMs?: number
  readonly cacheTtlMs?: number
  readonly languageCode?: string
  readonly logger?: Logger
  readonly cities?: CityIndex
}

/** The Google Places API (New) adapter: autocomplete, text search and nearby search, cached in PostgreSQL. */
export function googlePlaces(options: GoogleAdapterOptions): PlacesProviderShape {
  const cities = options.cities ?? cityIndex()
  const languageCode = options.languageCode ?? 'en'
  const call: GoogleCall = googlePlacesClient({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    cache: postgresResponseCache(options.db, options.cacheTtlMs ?? 24 * 3_600_000),
  })

  const nearby = (city: City, includedTypes: readonly string[], radius: number) =>
    Effect.map(
      call<GoogleSearchResponse>(
        'places:searchNearby',
        {
          includedTypes,
          maxResultCount: MAX_RESULTS,
          rankPreference: 'POPULARITY',
          locationRestriction: circle(city, radius),
          languageCode,
        },
        SEARCH_FIELD_MASK,
      ),
      (response) => response.places ?? [],
    )

  /** Maps a ranked answer; `cityOf` names each place's city (undefined: left out). */
  const mapRanked = (places: readonly GooglePlace[], cityOf: (place: GooglePlace) => City | undefined) => {
    const result: Attraction[] = []
    places.forEach((place, rank) => {
      const city = cityOf(place)
      const attraction = city && toAttraction(place, city, rank, places.length)
      if (attraction) result.push(attraction)
    })
    return result
  }

  const located = (place: GooglePlace) =>
    place.location?.latitude !== undefined && place.location.longitude !== undefined
      ? cities.locate({ latitude: place.location.latitude, longitude: place.location.longitude })
      : undefined

  const attractionsIn = (city: City, attractionOptions: { limit?: number } = {}) =>
    Effect.map(
      Effect.forEach(ATTRACTION_TYPE_GROUPS, (types) => nearby(city, types, cityRadiusMeters(city)), { concurrency: 4 }),
      (answers) => {
        const unique = new Map<string, Attraction>()
        for (const answer of answers) {
          for (const attraction of mapRanked(answer, () => city)) {
            const seen = unique.get(attraction.id)
            if (!seen || seen.popularity < attraction.popularity) unique.set(attraction.id, attraction)
          }
        }
        const sorted = [...unique.values()].sort(byPopularity)
        return attractionOptions.limit === undefined ? sorted : sorted.slice(0, attractionOptions.limit)
      },
    )

  const autocomplete = (input: string, body: object) =>
    input.trim().length < MIN_QUERY_LENGTH
      ? Effect.succeed([])
      : Effect.map(
          call<GoogleAutocompleteResponse>('places:autocomplete', { input: input.trim(), languageCode, ...body }, AUTOCOMPLETE_FIELD_MASK),
          toSuggestions,
        )

  return {
    name: 'google',
    autocompleteCities: (input) => autocomplete(input, { includedPrimaryTypes: ['(cities)'] }),
    autocompleteAny: (input) => autocomplete(input, {}),
    resolveCity: (text) => {
      const city = cities.resolve(text)
      return city ? Effect.succeed(city) : Effect.fail(UnknownCity.of(text.trim()))
    },
    attractionsIn,
    explore: (requested, exploreOptions = {}) =>
      Effect.gen(function* () {
        const unique = [...new Map(requested.map((city) => [city.id, city])).values()]
        const own = (yield* Effect.forEach(unique, (city) => attractionsIn(city, { limit: exploreOptions.perCity ?? 30 }))).flat()
        const taken = new Set(own.map((place) => place.id))
        const wanted = new Set(unique.map((city) => city.id))
        const around = yield* Effect.forEach(unique, (city) => nearby(city, ['tourist_attraction'], NEARBY_KM * 1000))
        const perCity = new Map<string, number>()
        const extra: Attraction[] = []
        for (const answer of around) {
          for (const place of mapRanked(answer, located)) {
            const home = cities.byId(place.cityId)
            if (taken.has(place.id) || wanted.has(place.cityId) || !home) continue
            if (!unique.some((city) => distanceKm(city, home) <= NEARBY_KM)) continue
            const count = perCity.get(place.cityId) ?? 0
            if (count >= NEARBY_PER_CITY || extra.length >= (exploreOptions.nearby ?? 12)) continue
            perCity.set(place.cityId, count + 1)
            taken.add(place.id)
            extra.push(place)
          }
        }
        return [...own, ...extra.sort(byPopularity)]
      }),
    // Searching each town around a city would cost a paid request per town: day trips come from the catalog's cities only.
    dayTripTowns: () => Effect.succeed([]),
    searchAttractions: (query, city) =>
      Effect.map(
        call<GoogleSearchResponse>(
          'places:searchText',
          {
            textQuery: query.trim(),
            pageSize: MAX_RESULTS,
            languageCode,
            ...(city ? { locationBias: circle(city, Math.max(cityRadiusMeters(city), 20_000)) } : {}),
          },
          SEARCH_FIELD_MASK,
        ),
        (response) => {
          // Google's order is its relevance: keep it. Within a city, places more than 50 km away are left out.
          const cityOf = (place: GooglePlace) => (city ? (isWithin(place, city, NEARBY_KM) ? city : undefined) : located(place))
          return mapRanked(response.places ?? [], cityOf)
        },
      ),
  }
}

const isWithin = (place: GooglePlace, city: City, km: number) =>
  typeof place.location?.latitude === 'number' &&
  typeof place.location.longitude === 'number' &&
  distanceKm({ latitude: place.location.latitude, longitude: place.location.longitude }, city) <= km
