/**
 * `npm run bench:generate [-- --catalog <file.ndjson> --requests N]`: latency of POST /api/itinerary/generate
 * through the running app (HTTP, real PostgreSQL, the large offline catalog), for trips of 3 cities × 10
 * days. Cities are drawn (seeded) from the catalog's cities with at least `--min-places` (30) places; themes
 * and paces vary.
 *
 * Prints one line per phase and a JSON summary line last.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { connect } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'
import { importCatalogFile } from '../src/modules/places/importer.ts'
import { THEMES } from '../src/modules/places/domain.ts'
import { PACES } from '../src/modules/itinerary/pace.ts'
import { option, percentile, seededRandom, startApp } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const catalog = path.resolve(option(args, 'catalog') ?? path.join(ROOT, '../shared/data/places/catalog.ndjson'))
const citiesFile = path.join(path.dirname(catalog), 'cities.ndjson')
const requests = Number(option(args, 'requests') ?? 60)
/** Only cities with at least this many catalog places are drawn (raise it to stress the planner). */
const minPlaces = Number(option(args, 'min-places') ?? 30)
const WARMUP = 5

interface CatalogCity {
  readonly ascii: string
  readonly region: string
  readonly country_name: string
  readonly places: number
}

function tripBodies(count: number) {
  const cities = fs
    .readFileSync(citiesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CatalogCity)
    .filter((city) => city.places >= minPlaces)
  const random = seededRandom(7)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  return Array.from({ length: count }, () => {
    const chosen = new Set<CatalogCity>()
    while (chosen.size < 3) chosen.add(pick(cities))
    const destinations = [...chosen].map((city) => `${city.ascii}, ${city.region}, ${city.country_name}`)
    const themes = [...new Set([pick(THEMES), pick(THEMES)])]
    return {
      origin_city: 'London',
      destinations,
      trip_types: themes,
      pace: pick(PACES),
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
  let app: Awaited<ReturnType<typeof startApp>> | undefined
  try {
    await migrateToLatest(database.db)
    const imported = await importCatalogFile(database.db, catalog)
    console.log(`imported ${imported.written} places in ${imported.ms} ms`)

    app = await startApp(ROOT, { dataDir, databaseUrl: server.url })
    const { baseUrl } = app

    const bodies = tripBodies(WARMUP + requests)
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
    await app?.stop()
    await database.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
