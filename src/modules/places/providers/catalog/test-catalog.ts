/**
 * A tiny catalog for tests (not shipped data): a few well-known places of Paris, its neighbours and London,
 * in the schema of the catalog README.
 */
import { formatClock, KIND_PROFILES, type Kind } from '../../domain.ts'

export const PARIS_ID = '1250015082'
export const VERSAILLES_ID = '1250143827'
export const SAINT_DENIS_ID = '1250935115'
export const LONDON_ID = '1826645935'

const CITIES: Readonly<Record<string, { city: string; country: string; region: string }>> = {
  [PARIS_ID]: { city: 'Paris', country: 'FR', region: 'Île-de-France' },
  [VERSAILLES_ID]: { city: 'Versailles', country: 'FR', region: 'Île-de-France' },
  [SAINT_DENIS_ID]: { city: 'Saint-Denis', country: 'FR', region: 'Île-de-France' },
  [LONDON_ID]: { city: 'London', country: 'GB', region: 'London, City of' },
}

export interface FixturePlace {
  readonly id: string
  readonly name: string
  readonly names?: Readonly<Record<string, string>>
  readonly cityId: string
  readonly lat: number
  readonly lon: number
  readonly kind: Kind
  readonly popularity: number
}

export const FIXTURE_PLACES: readonly FixturePlace[] = [
  {
    id: 't-louvre',
    name: 'Louvre',
    names: { fr: 'Musée du Louvre', ru: 'Лувр' },
    cityId: PARIS_ID,
    lat: 48.8606,
    lon: 2.3376,
    kind: 'museum',
    popularity: 0.95,
  },
  { id: 't-eiffel', name: 'Eiffel Tower', names: { fr: 'Tour Eiffel' }, cityId: PARIS_ID, lat: 48.8584, lon: 2.2945, kind: 'landmark', popularity: 0.97 },
  { id: 't-orsay', name: "Musée d'Orsay", cityId: PARIS_ID, lat: 48.86, lon: 2.3266, kind: 'museum', popularity: 0.85 },
  { id: 't-notre-dame', name: 'Notre-Dame de Paris', cityId: PARIS_ID, lat: 48.853, lon: 2.3499, kind: 'religious_site', popularity: 0.9 },
  { id: 't-luxembourg', name: 'Jardin du Luxembourg', cityId: PARIS_ID, lat: 48.8462, lon: 2.3372, kind: 'park_garden', popularity: 0.7 },
  { id: 't-moulin', name: 'Moulin Rouge', cityId: PARIS_ID, lat: 48.8841, lon: 2.3322, kind: 'entertainment', popularity: 0.6 },
  {
    id: 't-versailles',
    name: 'Château de Versailles',
    names: { en: 'Palace of Versailles' },
    cityId: VERSAILLES_ID,
    lat: 48.8049,
    lon: 2.1204,
    kind: 'castle_palace',
    popularity: 0.93,
  },
  { id: 't-saint-denis', name: 'Basilique de Saint-Denis', cityId: SAINT_DENIS_ID, lat: 48.9356, lon: 2.3597, kind: 'religious_site', popularity: 0.6 },
  { id: 't-british-museum', name: 'British Museum', cityId: LONDON_ID, lat: 51.5194, lon: -0.127, kind: 'museum', popularity: 0.95 },
  { id: 't-tower', name: 'Tower of London', cityId: LONDON_ID, lat: 51.5081, lon: -0.0759, kind: 'castle_palace', popularity: 0.9 },
]

/** One catalog record (README schema) for a fixture place; `overrides` change any field. */
export function catalogRecord(place: FixturePlace, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const city = CITIES[place.cityId]!
  const profile = KIND_PROFILES[place.kind]
  return {
    id: place.id,
    name: place.name,
    names: { en: place.name, ...place.names },
    city: city.city,
    city_id: place.cityId,
    country: city.country,
    region: city.region,
    lat: place.lat,
    lon: place.lon,
    kind: place.kind,
    themes: profile.themes,
    popularity: place.popularity,
    unesco: false,
    visit_minutes: profile.visitMinutes,
    hours: { open: formatClock(profile.opensAt), close: profile.closesAt === 1440 ? '23:59' : formatClock(profile.closesAt) },
    source: 'roam-test',
    license: 'CC0-1.0 (Roam test data)',
    ...overrides,
  }
}

export const fixtureLines = (places: readonly FixturePlace[] = FIXTURE_PLACES): string[] => places.map((place) => JSON.stringify(catalogRecord(place)))
