import { KIND_PROFILES, KINDS, formatClock, type Attraction, type Kind } from '../../places/domain.ts'
import type { LegMode } from './legs.ts'
import type { PlanPlace } from './plan.ts'

export const CITIES = {
  Paris: { id: '1250015082', country: 'FR', region: 'Île-de-France', lat: 48.8567, lon: 2.3522, places: 40 },
  Rome: { id: '1380382862', country: 'IT', region: 'Lazio', lat: 41.8931, lon: 12.4828, places: 30 },
  Rouen: { id: '1250372069', country: 'FR', region: 'Normandie', lat: 49.4428, lon: 1.0886, places: 2 },
}

interface TestCity {
  readonly id: string
  readonly country: string
  readonly region: string
  readonly lat: number
  readonly lon: number
}

/** One catalog line: the i-th place of a city, of a kind, with its kind's visit length, hours and themes, `spread` degrees round the centre. */
export function catalogLine(city: string, info: TestCity, i: number, kind: Kind, popularity: number, spread = 0.03): string {
  const profile = KIND_PROFILES[kind]
  return JSON.stringify({
    id: `test-${city}-${i}`,
    name: `${city} ${kind} ${i}`,
    names: { en: `${city} ${kind} ${i}` },
    city,
    city_id: info.id,
    country: info.country,
    region: info.region,
    lat: Number((info.lat + Math.sin(i) * spread).toFixed(5)),
    lon: Number((info.lon + Math.cos(i * 1.7) * spread * (4 / 3)).toFixed(5)),
    kind,
    themes: profile.themes,
    popularity: Number(popularity.toFixed(3)),
    unesco: false,
    visit_minutes: profile.visitMinutes,
    hours: { open: formatClock(profile.opensAt), close: profile.closesAt === 1440 ? '23:59' : formatClock(profile.closesAt) },
    source: 'test',
    license: 'CC0-1.0',
  })
}

/** A made-up catalog: places spread round each city centre, kinds in turn, popularity falling. */
export function catalogLines(): string[] {
  return Object.entries(CITIES).flatMap(([city, info]) =>
    Array.from({ length: info.places }, (_, i) => catalogLine(city, info, i, KINDS[i % KINDS.length]!, 1 - i / 50)),
  )
}

/** A place of the made-up town the planner tests use, with its kind's visit length, hours and themes. */
export const testAttraction = (i: number, kind: Kind, latitude: number, longitude: number, popularity: number): Attraction => {
  const profile = KIND_PROFILES[kind]
  return {
    id: `p${i}`,
    name: `Place ${i}`,
    address: null,
    city: 'Testville',
    cityId: 'test',
    latitude,
    longitude,
    kind,
    themes: profile.themes,
    popularity,
    visitMinutes: profile.visitMinutes,
    opensAt: profile.opensAt,
    closesAt: profile.closesAt,
    rating: null,
    reviewsCount: null,
  }
}

/** A generate request for Paris and Rome (the test catalog's cities), with any field replaced. */
export const testTrip = (overrides: Record<string, unknown> = {}) => ({
  origin_city: 'London',
  destinations: ['Paris', 'Rome'],
  trip_types: ['cultural-historical', 'nature-outdoors'],
  pace: 'moderate',
  start_date: '2026-12-01',
  end_date: '2026-12-05',
  ...overrides,
})

/** A planned visit in Lisbon at a point, for tests of what is drawn or exported from a plan. */
export function lisbonStop(
  name: string,
  latitude: number,
  longitude: number,
  { start = 10, travel = 0, mode }: { start?: number; travel?: number; mode?: LegMode } = {},
): PlanPlace {
  return {
    id: name,
    name,
    address: null,
    rating: null,
    reviews_count: null,
    visit_duration: 1,
    start_time: start,
    travel_time_from_previous: travel,
    ...(mode ? { travel_mode: mode } : {}),
    city: 'Lisbon',
    coordinates: { latitude, longitude },
    latitude,
    longitude,
  }
}

/**
 * Lisbon with six sights, one of them Pena Palace up in Sintra; Sintra's own list has Pena Palace too (its
 * own record) and three sights more: one day trip's worth.
 */
const LISBON = { id: '1620619017', country: 'PT', region: 'Lisboa', lat: 38.7253, lon: -9.15 }
const SINTRA = { id: '1620848791', country: 'PT', region: 'Lisboa', lat: 38.7992, lon: -9.3883 }
const PENA = { lat: 38.7876, lon: -9.3906 }
const penaPalace = (city: string, info: typeof LISBON) => {
  const line = JSON.parse(catalogLine(city, info, 99, 'historic_site', 0.95, 0.01))
  return JSON.stringify({ ...line, name: 'Pena Palace', names: { en: 'Pena Palace' }, lat: PENA.lat, lon: PENA.lon })
}
export const lisbonAndSintraLines = () => [
  ...Array.from({ length: 5 }, (_, i) =>
    catalogLine('Lisbon', LISBON, i, (['museum', 'monument', 'historic_site', 'landmark'] as const)[i % 4]!, 0.9 - i / 50, 0.01),
  ),
  penaPalace('Lisbon', LISBON),
  ...Array.from({ length: 4 }, (_, i) =>
    catalogLine('Sintra', SINTRA, i, (['monument', 'historic_site', 'park_garden', 'landmark'] as const)[i]!, 0.8 - i / 50, 0.008),
  ),
  penaPalace('Sintra', SINTRA),
]
