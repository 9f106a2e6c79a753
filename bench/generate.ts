/**
 * `npm run bench:generate [-- --catalog <file.ndjson[.gz]> --requests N]`: latency of POST /api/itinerary/generate
 * through the running app (HTTP, real PostgreSQL, the world catalog that ships with the app by default), for
 * trips of 3 cities × 10 days. Cities are drawn (seeded) from the catalog's cities with at least `--min-places`
 * (30) places; themes and paces vary.
 *
 * Prints one line per phase and a JSON summary line last.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { connect } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'
import { sql } from 'kysely'
import { importCatalogFile } from '../src/modules/places/importer.ts'
import { cityIndex } from '../src/modules/places/cities.ts'
import { THEMES } from '../src/modules/places/domain.ts'
import { recordSightRules } from '../src/modules/places/merge-sights.ts'
import type { Db } from '../src/platform/database.ts'
import { PACES, type Pace } from '../src/modules/itinerary/pace.ts'
import { hasEnoughPlaces } from '../src/modules/itinerary/rules.ts'
import { freePort, option, percentile, seededRandom, waitForHealth } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const catalog = path.resolve(option(args, 'catalog') ?? path.join(ROOT, 'data/places/world-catalog.ndjson.gz'))
const requests = Number(option(args, 'requests') ?? 60)
/** Only cities with at least this many catalog places are drawn (raise it to stress the planner). */
const minPlaces = Number(option(args, 'min-places') ?? 30)
const WARMUP = 5

interface CatalogCity {
  /** "City, Region, Country" */
  readonly description: string
  readonly places: number
}

/** Every city with at least `minPlaces` places, most places first. */
async function catalogCities(db: Db): Promise<CatalogCity[]> {
  const rows = await sql<{ city_id: string; places: number }>`
    SELECT city_id, count(*)::int AS places FROM attractions WHERE merged_into IS NULL GROUP BY city_id HAVING count(*) >= ${minPlaces}
    ORDER BY count(*) DESC, city_id`.execute(db)
  return rows.rows.map((row) => ({ description: cityIndex().describe(cityIndex().byId(row.city_id)!), places: row.places }))
}

/** The drawn pace, or a slower one when a city has too few places for 10 days of it (the generator would refuse). */
function fittingPace(drawn: Pace, cities: readonly CatalogCity[]): Pace {
  const slower = PACES.slice(0, PACES.indexOf(drawn) + 1).reverse()
  return slower.find((pace) => cities.every((city) => hasEnoughPlaces(city.places, 10, pace))) ?? 'slow-paced'
}

function tripBodies(cities: readonly CatalogCity[], count: number) {
  const random = seededRandom(7)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  return Array.from({ length: count }, () => {
    const chosen = new Set<CatalogCity>()
    while (chosen.size < 3) chosen.add(pick(cities))
    const destinations = [...chosen].map((city) => city.description)
    const themes = [...new Set([pick(THEMES), pick(THEMES)])]
    return {
      origin_city: 'London',
      destinations,
      trip_types: themes,
      pace: fittingPace(pick(PACES), [...chosen]),
      start_date: '2027-05-01',
      end_date: '2027-05-30',
      daysPerCity: Object.fromEntries(destinations.map((name) => [name.split(',')[0], 10])),
    }
  })
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-generate-'))
  fs.chmodSync(dataDir, 0o755)
  const server = await startEmbeddedPostgres(dataDir)
  const database = connect(server.url, { max: 4 })
  let app: ReturnType<typeof spawn> | undefined
  try {
    await migrateToLatest(database.db)
    const imported = await importCatalogFile(database.db, catalog)
    await recordSightRules(database.db)
    console.log(`imported ${imported.written} records, ${imported.places} places (${imported.merged} merged) in ${imported.ms} ms`)
    const cities = await catalogCities(database.db)

    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    app = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/app/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: server.url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    await waitForHealth(baseUrl, 300_000)

    const bodies = tripBodies(cities, WARMUP + requests)
    const latencies: number[] = []
    let failures = 0
    for (const [index, body] of bodies.entries()) {
      const started = performance.now()
      const response = await fetch(`${baseUrl}/api/itinerary/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const answer = (await response.json()) as { itinerary?: unknown[]; error?: string }
      const ms = performance.now() - started
      if (!response.ok || answer.itinerary?.length !== 30) {
        failures++
        console.log(`request ${index}: ${response.status} ${answer.error ?? ''} (${body.destinations.join(' | ')})`)
      }
      if (index >= WARMUP) latencies.push(ms)
    }
    const summary = {
      minPlaces,
      requests: latencies.length,
      failures,
      p50Ms: Math.round(percentile(latencies, 50)),
      p95Ms: Math.round(percentile(latencies, 95)),
      maxMs: Math.round(Math.max(...latencies)),
      meanMs: Math.round(latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length),
    }
    console.log(JSON.stringify(summary))
  } finally {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve))
      app.kill('SIGTERM')
      await exited
    }
    await database.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
