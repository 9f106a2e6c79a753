import { Effect } from 'effect'
import type { Db } from '../../../../platform/database.ts'
import type { Logger } from '../../../../platform/logging.ts'
import { catalogPlaces } from '../catalog/catalog-adapter.ts'
import type { CityIndex } from '../../cities/city-index.ts'
import { cityIndex } from '../../cities/cities.ts'
import { foldText, type Attraction, type City } from '../../domain.ts'
import { postgresResponseCache } from '../response-cache.ts'
import { toAttractions, wikidataIds } from './osm-mapping.ts'
import { OVERPASS_URL, overpassAttractions } from './overpass-client.ts'
import { politeFetch, roamUserAgent } from '../polite-fetch.ts'
import { PlacesUnavailable, type PlacesProviderShape } from '../../provider.ts'
import { sitelinkCounts, WIKIDATA_URL } from './wikidata-client.ts'

export interface OsmAdapterOptions {
  readonly db: Db
  readonly overpassUrl?: string
  readonly wikidataUrl?: string
  /** Who runs this deployment and how to reach them (a URL or an e-mail address), for the User-Agent. */
  readonly contact: string
  readonly timeoutMs?: number
  /** How long an answer is kept before it is asked for again. */
  readonly cacheMaxAgeMs?: number
  readonly logger?: Logger
  readonly cities?: CityIndex
}

/** What the traveller is told when OpenStreetMap could not be used for a city. */
export const fallbackNotice = (city: string) =>
  `OpenStreetMap could not be reached, so the places for ${city} come from Roam's offline catalog and their opening hours are typical ones.`

/**
 * The OpenStreetMap adapter: a city's attractions from an Overpass API endpoint (the kinds of
 * osm-mapping.ts), ranked by their Wikidata sitelinks, with their own opening hours. City search, post
 * locations, search outside a city, nearby places and day-trip towns stay on the offline catalog (no third
 * party on every keystroke, no request per town). When Overpass fails, the catalog answers instead.
 */
export function osmPlaces(
  options: OsmAdapterOptions,
): PlacesProviderShape & { readonly attractionsWithNotice: NonNullable<PlacesProviderShape['attractionsWithNotice']> } {
  const cities = options.cities ?? cityIndex()
  const catalog = catalogPlaces(options.db, cities)
  const osmAttractions = osmCityAttractions(options)
  const fromOsm = (city: City) =>
    Effect.tryPromise({
      try: () => osmAttractions(city),
      catch: (error) => (error instanceof PlacesUnavailable ? error : new PlacesUnavailable({ status: 502, message: 'OpenStreetMap places failed' })),
    })

  const attractionsWithNotice = (city: City) =>
    fromOsm(city).pipe(
      Effect.map((attractions): { attractions: readonly Attraction[]; notice?: string } => ({ attractions })),
      Effect.catch(() => Effect.map(catalog.attractionsIn(city), (attractions) => ({ attractions, notice: fallbackNotice(city.name) }))),
    )

  const attractionsIn = (city: City, attractionOptions: { limit?: number } = {}) =>
    Effect.map(attractionsWithNotice(city), ({ attractions }) =>
      attractionOptions.limit === undefined ? attractions : attractions.slice(0, attractionOptions.limit),
    )

  return {
    name: 'osm',
    autocompleteCities: catalog.autocompleteCities,
    autocompleteAny: catalog.autocompleteAny,
    resolveCity: catalog.resolveCity,
    attractionsIn,
    attractionsWithNotice,
    explore: exploreOwnThenCatalog(attractionsIn, catalog),
    dayTripTowns: catalog.dayTripTowns,
    searchAttractions: (query, city) => {
      if (!city) return catalog.searchAttractions(query)
      const folded = foldText(query)
      return Effect.map(attractionsIn(city), (attractions) =>
        folded ? attractions.filter((place) => [place.name, ...(place.aliases ?? [])].some((name) => foldText(name).includes(folded))) : [],
      )
    },
  }
}

/**
 * A city's attractions from Overpass, ranked by Wikidata sitelinks (each answer cached in PostgreSQL for
 * every app process, `cacheMaxAgeMs`); rejects when Overpass cannot be used.
 */
export function osmCityAttractions(options: OsmAdapterOptions): (city: City) => Promise<readonly Attraction[]> {
  const cache = postgresResponseCache(options.db, options.cacheMaxAgeMs ?? 7 * 24 * 3_600_000)
  const userAgent = roamUserAgent(options.contact)
  const common = { userAgent, cache, timeoutMs: options.timeoutMs ?? 20_000, logger: options.logger }
  const overpass = politeFetch({ service: 'OpenStreetMap (Overpass API)', ...common })
  // Sitelinks are many small requests: a shorter wait each.
  const wikidata = politeFetch({ service: 'Wikidata', ...common, timeoutMs: Math.min(common.timeoutMs, 10_000) })
  const overpassUrl = options.overpassUrl ?? OVERPASS_URL
  const wikidataUrl = options.wikidataUrl ?? WIKIDATA_URL
  return async (city) => {
    const answer = await overpassAttractions(overpass, overpassUrl, city)
    const sitelinks = await sitelinkCounts(wikidata, wikidataUrl, wikidataIds(answer)).catch((error: unknown) => {
      // Without Wikidata the Wikipedia tags still rank the places: plan with them.
      options.logger?.warn('wikidata sitelinks unavailable', { city: city.id, error: String(error) })
      return new Map<string, number>()
    })
    return toAttractions(answer, city, sitelinks)
  }
}

/** Explore of an adapter with places of its own: its places of each city asked for, then the catalog's nearby ones. */
export const exploreOwnThenCatalog =
  (attractionsIn: PlacesProviderShape['attractionsIn'], catalog: PlacesProviderShape): PlacesProviderShape['explore'] =>
  (requested, exploreOptions = {}) =>
    Effect.gen(function* () {
      const unique = [...new Map(requested.map((city) => [city.id, city])).values()]
      const own = (yield* Effect.forEach(unique, (city) => attractionsIn(city, { limit: exploreOptions.perCity ?? 30 }))).flat()
      const wanted = new Set(unique.map((city) => city.id))
      const around = (yield* catalog.explore(unique, { perCity: 0, nearby: exploreOptions.nearby ?? 12 })).filter((place) => !wanted.has(place.cityId))
      return [...own, ...around]
    })
