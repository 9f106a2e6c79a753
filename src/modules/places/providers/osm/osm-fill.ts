import { Effect } from 'effect'
import { catalogPlaces } from '../catalog/catalog-adapter.ts'
import { cityIndex } from '../../cities/cities.ts'
import { byPopularity, distanceKm, foldText, type Attraction, type City } from '../../domain.ts'
import type { PlacesProviderShape } from '../../provider.ts'
import { notASight } from '../../sights/not-a-sight.ts'
import { isVisitable } from '../../visiting.ts'
import { exploreOwnThenCatalog, osmCityAttractions, type OsmAdapterOptions } from './osm-adapter.ts'

/** A destination with fewer plannable places than this (four days' worth) is filled from OpenStreetMap. */
export const THIN_BELOW = 20
/** After OpenStreetMap could not be reached for a city, it is not asked again for this long. */
const RETRY_AFTER_MS = 10 * 60_000
/** Cities whose fill is kept in memory (the answers themselves stay in PostgreSQL's response cache). */
const KEPT_FILLS = 500
/** An OpenStreetMap place this close to a catalog place that shares a word of its name is that place. */
const SAME_PLACE_KM = 0.3

/** What the traveller is told while places are being looked for. */
export const moreComingNotice = (city: string) => `Roam is looking for more places in ${city} on OpenStreetMap; plan again in a minute for a fuller trip.`

type Fill =
  { readonly state: 'pending' } | { readonly state: 'done'; readonly attractions: readonly Attraction[] } | { readonly state: 'failed'; readonly at: number }

/**
 * The default provider: the offline catalog with its reviewed sights, and, for a destination too thin for
 * its days, the places OpenStreetMap and Wikidata know (English names, fame from sitelinks, real hours),
 * fetched in the background. The first plan never waits for them: it plans from the catalog and says more
 * is coming; the next plan has them. Overpass answers are cached in PostgreSQL for every app process, so
 * another process fills the same city from the cache. Offline, the catalog answers alone.
 */
export function catalogFilledFromOsm(
  options: OsmAdapterOptions & { readonly thinBelow?: number; readonly now?: () => number },
): PlacesProviderShape & { readonly attractionsWithNotice: NonNullable<PlacesProviderShape['attractionsWithNotice']> } {
  const catalog = catalogPlaces(options.db, options.cities ?? cityIndex())
  const fetchOsm = osmCityAttractions(options)
  const thinBelow = options.thinBelow ?? THIN_BELOW
  const now = options.now ?? Date.now
  const fills = new Map<string, Fill>()

  const startFill = (city: City) => {
    fills.set(city.id, { state: 'pending' })
    if (fills.size > KEPT_FILLS) fills.delete(fills.keys().next().value!)
    fetchOsm(city).then(
      (attractions) => fills.set(city.id, { state: 'done', attractions }),
      (error: unknown) => {
        options.logger?.warn('OpenStreetMap fill failed', { city: city.id, error: String(error) })
        fills.set(city.id, { state: 'failed', at: now() })
      },
    )
  }

  const attractionsWithNotice = (city: City) =>
    Effect.map(catalog.attractionsIn(city), (own): { attractions: readonly Attraction[]; notice?: string } => {
      if (own.filter((place) => place.reviewed || isVisitable(place)).length >= thinBelow) return { attractions: own }
      const fill = fills.get(city.id)
      if (fill?.state === 'done') return { attractions: withOsm(own, fill.attractions) }
      if (fill?.state === 'failed' && now() - fill.at < RETRY_AFTER_MS) return { attractions: own }
      if (fill?.state !== 'pending') startFill(city)
      return { attractions: own, notice: moreComingNotice(city.name) }
    })

  const attractionsIn = (city: City, attractionOptions: { limit?: number } = {}) =>
    Effect.map(attractionsWithNotice(city), ({ attractions }) =>
      attractionOptions.limit === undefined ? attractions : attractions.slice(0, attractionOptions.limit),
    )

  return {
    ...catalog,
    name: 'catalog',
    attractionsIn,
    attractionsWithNotice,
    explore: exploreOwnThenCatalog(attractionsIn, catalog),
  }
}

const nameWords = (place: Attraction) =>
  new Set([place.name, ...(place.aliases ?? [])].flatMap((name) => foldText(name).split(/\s+/)).filter((word) => word.length >= 4))

/** The catalog's places and, after them by popularity, the OpenStreetMap places that are sights and not already there. */
function withOsm(own: readonly Attraction[], fromOsm: readonly Attraction[]): Attraction[] {
  const ownWords = own.map((place) => ({ place, words: nameWords(place) }))
  const fresh = fromOsm.filter((place) => {
    if (notASight([place.name, ...(place.aliases ?? [])], place.kind, place.popularity, false)) return false
    const words = nameWords(place)
    return !ownWords.some(
      (known) =>
        foldText(known.place.name) === foldText(place.name) ||
        (distanceKm(known.place, place) <= SAME_PLACE_KM && [...words].some((word) => known.words.has(word))),
    )
  })
  return [...own, ...fresh].sort(byPopularity)
}
