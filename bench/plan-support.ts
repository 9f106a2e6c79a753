/**
 * What the plan benchmarks share: a fresh install's places (started the way `npm start` starts it, with
 * the world catalog and the famous-sights supplement) in an embedded PostgreSQL, and generation through the
 * endpoint's own code, in process.
 */
import { Effect } from 'effect'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { GeneratedItinerary } from '../src/modules/itinerary/planner/generate.ts'
import { generateItinerary } from '../src/modules/itinerary/planner/generate.ts'
import { PlannerPool } from '../src/modules/itinerary/planner/planner-pool.ts'
import type { TripRequest } from '../src/modules/itinerary/planner/trip.ts'
import { catalogPlaces } from '../src/modules/places/providers/catalog/catalog-adapter.ts'
import { preparePlaces } from '../src/modules/places/import/first-start.ts'
import { PlacesProvider, type PlacesProviderShape } from '../src/modules/places/provider.ts'
import { connect, type Db } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'
import { insideHours } from '../src/modules/itinerary/planner/place-hours.ts'
import type { PlanDay } from '../src/modules/itinerary/planner/plan.ts'
import { osmBenchPlaces } from './osm-fakes.ts'

export interface PlanningBench {
  readonly db: Db
  readonly places: PlacesProviderShape
  /** A generation as POST /api/itinerary/generate makes it: the itinerary, or the error's message. */
  readonly generate: (request: TripRequest) => Promise<{ ok: true; value: GeneratedItinerary } | { ok: false; error: string }>
}

/**
 * The places provider a plan benchmark runs through: the offline catalog, or with `PLACES_PROVIDER=osm` the
 * OpenStreetMap adapter against local fakes generated from the same catalog (bench/osm-fakes.ts).
 */
export async function benchPlaces(db: Db): Promise<{ places: PlacesProviderShape; catalogIdOf: (id: string) => string; close: () => Promise<void> }> {
  if (process.env.PLACES_PROVIDER === 'osm') return osmBenchPlaces(db)
  return { places: catalogPlaces(db), catalogIdOf: (id) => id, close: async () => {} }
}

/** Visits planned outside their place's opening hours on their date (each place's hours as the plan records them). */
export function hoursViolations(itinerary: readonly PlanDay[]): string[] {
  const found: string[] = []
  for (const day of itinerary) {
    for (const place of day.places) {
      const start = Math.round(place.start_time * 60)
      if (insideHours(place.opening_hours, day.date, start, Math.round(place.visit_duration * 60)) === false)
        found.push(
          `${day.city} ${day.date}: ${place.name} at ${place.start_time} h for ${place.visit_duration} h (${JSON.stringify(place.opening_hours?.dates[day.date ?? ''])})`,
        )
    }
  }
  return found
}

export async function withPlanningBench<T>(run: (bench: PlanningBench) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-plans-'))
  fs.chmodSync(dataDir, 0o755)
  const server = await startEmbeddedPostgres(dataDir)
  const database = connect(server.url, { max: 4 })
  try {
    await migrateToLatest(database.db)
    const started = performance.now()
    await preparePlaces(database.db, (line) => console.log(line))
    console.log(`first start prepared the places in ${Math.round(performance.now() - started)} ms`)
    const { places, close } = await benchPlaces(database.db)
    const generate: PlanningBench['generate'] = async (request) => {
      const exit = await Effect.runPromiseExit(
        generateItinerary(request).pipe(Effect.provideService(PlacesProvider, places), Effect.provide(PlannerPool.inProcess)),
      )
      return exit._tag === 'Success' ? { ok: true, value: exit.value } : { ok: false, error: String(exit.cause) }
    }
    try {
      return await run({ db: database.db, places, generate })
    } finally {
      await close()
    }
  } finally {
    await database.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export const round = (value: number, digits = 3) => Number(value.toFixed(digits))
export const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length)

/**
 * A trip request starting 40 days after 2027-01-01 (a fixed date, so runs compare), from London, or with
 * BENCH_ORIGIN=local from the destination itself: no journey takes the start of its first day.
 */
export function tripRequest(destination: string, days: number, themes: readonly string[], pace = 'moderate'): TripRequest {
  const start = new Date(Date.UTC(2027, 5, 1))
  const end = new Date(start.getTime() + (days - 1) * 86_400_000)
  return {
    origin_city: process.env.BENCH_ORIGIN === 'local' ? destination : 'London',
    destinations: [destination],
    trip_types: [...themes],
    pace,
    start_date: start.toISOString().slice(0, 10),
    end_date: end.toISOString().slice(0, 10),
  }
}
