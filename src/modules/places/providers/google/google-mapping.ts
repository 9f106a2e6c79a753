/**
 * Google Places API (New) JSON → our domain types. Pure. Only the fields we request are described; each
 * may be absent in a response.
 */
import { END_OF_DAY, KIND_PROFILES, type Attraction, type City, type Kind, type MinuteOfDay, type PlaceSuggestion } from '../../domain.ts'

export interface GooglePoint {
  readonly day?: number
  readonly hour?: number
  readonly minute?: number
}

export interface GooglePlace {
  readonly id?: string
  readonly displayName?: { readonly text?: string; readonly languageCode?: string }
  readonly formattedAddress?: string
  readonly location?: { readonly latitude?: number; readonly longitude?: number }
  readonly types?: readonly string[]
  readonly primaryType?: string
  readonly rating?: number
  readonly userRatingCount?: number
  readonly regularOpeningHours?: { readonly periods?: ReadonlyArray<{ readonly open?: GooglePoint; readonly close?: GooglePoint }> }
}

export interface GoogleSearchResponse {
  readonly places?: readonly GooglePlace[]
}

export interface GoogleAutocompleteResponse {
  readonly suggestions?: ReadonlyArray<{
    readonly placePrediction?: {
      readonly placeId?: string
      readonly text?: { readonly text?: string }
      readonly types?: readonly string[]
    }
  }>
}

/** The fields every search asks for: exactly what `toAttraction` reads. */
export const PLACE_FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'location',
  'types',
  'primaryType',
  'rating',
  'userRatingCount',
  'regularOpeningHours',
] as const

export const SEARCH_FIELD_MASK = PLACE_FIELDS.map((field) => `places.${field}`).join(',')
export const AUTOCOMPLETE_FIELD_MASK = [
  'suggestions.placePrediction.placeId',
  'suggestions.placePrediction.text.text',
  'suggestions.placePrediction.types',
].join(',')

/** Google place types → our kind; the first type (primary type first) that names one wins. */
const KIND_BY_TYPE: Readonly<Record<string, Kind>> = {
  museum: 'museum',
  art_gallery: 'gallery',
  art_museum: 'museum',
  history_museum: 'museum',
  monument: 'monument',
  sculpture: 'monument',
  historical_landmark: 'historic_site',
  historical_place: 'historic_site',
  castle: 'castle_palace',
  palace: 'castle_palace',
  church: 'religious_site',
  hindu_temple: 'religious_site',
  mosque: 'religious_site',
  synagogue: 'religious_site',
  buddhist_temple: 'religious_site',
  place_of_worship: 'religious_site',
  park: 'park_garden',
  city_park: 'park_garden',
  garden: 'park_garden',
  botanical_garden: 'park_garden',
  observation_deck: 'viewpoint',
  national_park: 'nature',
  state_park: 'nature',
  hiking_area: 'nature',
  nature_preserve: 'nature',
  natural_feature: 'nature',
  beach: 'beach',
  zoo: 'zoo_aquarium',
  aquarium: 'zoo_aquarium',
  wildlife_park: 'zoo_aquarium',
  amusement_park: 'theme_park',
  water_park: 'theme_park',
  amusement_center: 'theme_park',
  shopping_mall: 'market_shopping',
  market: 'market_shopping',
  night_club: 'nightlife',
  bar: 'nightlife',
  pub: 'nightlife',
  performing_arts_theater: 'entertainment',
  movie_theater: 'entertainment',
  concert_hall: 'entertainment',
  opera_house: 'entertainment',
  casino: 'entertainment',
  stadium: 'entertainment',
  event_venue: 'entertainment',
  cultural_center: 'entertainment',
  spa: 'spa_wellness',
  sauna: 'spa_wellness',
  wellness_center: 'spa_wellness',
  marina: 'sport_adventure',
  ski_resort: 'sport_adventure',
  golf_course: 'sport_adventure',
  adventure_sports_center: 'sport_adventure',
  tourist_attraction: 'landmark',
}

export function kindFromTypes(primaryType: string | undefined, types: readonly string[] = []): Kind {
  for (const type of primaryType ? [primaryType, ...types] : types) {
    const kind = KIND_BY_TYPE[type]
    if (kind) return kind
  }
  return 'landmark'
}

const minuteOf = (point: GooglePoint) => (point.hour ?? 0) * 60 + (point.minute ?? 0)

/**
 * One daily window from `regularOpeningHours.periods`: the most common (open, close) pair over the week.
 * Open around the clock (a single period opening Sunday 00:00 with no close) → 0..1440; a close on a later
 * day (past midnight) → 1440. Without hours: the kind's default window.
 */
export function openingWindow(hours: GooglePlace['regularOpeningHours'], kind: Kind): { opensAt: MinuteOfDay; closesAt: MinuteOfDay } {
  const periods = (hours?.periods ?? []).filter((period) => period.open)
  if (periods.length === 0) return { opensAt: KIND_PROFILES[kind].opensAt, closesAt: KIND_PROFILES[kind].closesAt }
  const counts = new Map<string, { opensAt: number; closesAt: number; count: number }>()
  for (const { open, close } of periods) {
    const opensAt = Math.min(minuteOf(open!), END_OF_DAY - 1)
    let closesAt = !close ? END_OF_DAY : close.day !== open!.day ? END_OF_DAY : minuteOf(close)
    if (closesAt <= opensAt) closesAt = END_OF_DAY
    const key = `${opensAt}-${closesAt}`
    const entry = counts.get(key) ?? { opensAt, closesAt, count: 0 }
    entry.count++
    counts.set(key, entry)
  }
  let best = { opensAt: 0, closesAt: END_OF_DAY, count: 0 }
  for (const entry of counts.values()) if (entry.count > best.count) best = entry
  return { opensAt: best.opensAt, closesAt: best.closesAt }
}

/**
 * Popularity 0..1 from what Google really reports: the number of ratings (log scale, 100k → 1) and the
 * place's rank in a POPULARITY-ranked answer. Not a rating.
 */
export function popularityOf(place: GooglePlace, rank: number, count: number): number {
  const reviews = typeof place.userRatingCount === 'number' ? Math.min(1, Math.log10(1 + place.userRatingCount) / 5) : 0
  const order = count > 1 ? 1 - rank / (count - 1) : 1
  return Math.round((0.8 * reviews + 0.2 * order) * 1000) / 1000
}

/** A Google place as an attraction of `city`; undefined when it lacks an id, a name or a location. */
export function toAttraction(place: GooglePlace, city: City, rank: number, count: number): Attraction | undefined {
  const name = place.displayName?.text?.trim()
  const latitude = place.location?.latitude
  const longitude = place.location?.longitude
  if (!place.id || !name || typeof latitude !== 'number' || typeof longitude !== 'number') return undefined
  const kind = kindFromTypes(place.primaryType, place.types)
  const profile = KIND_PROFILES[kind]
  return {
    id: place.id,
    name,
    address: place.formattedAddress ?? null,
    city: city.name,
    cityId: city.id,
    latitude,
    longitude,
    kind,
    themes: profile.themes,
    popularity: popularityOf(place, rank, count),
    visitMinutes: profile.visitMinutes,
    ...openingWindow(place.regularOpeningHours, kind),
    rating: typeof place.rating === 'number' ? place.rating : null,
    reviewsCount: typeof place.userRatingCount === 'number' ? place.userRatingCount : null,
  }
}

export function toSuggestions(response: GoogleAutocompleteResponse): PlaceSuggestion[] {
  const suggestions: PlaceSuggestion[] = []
  for (const suggestion of response.suggestions ?? []) {
    const description = suggestion.placePrediction?.text?.text
    if (description) suggestions.push({ description, types: suggestion.placePrediction?.types ?? [] })
  }
  return suggestions
}
