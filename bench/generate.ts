/**
 * `npm run bench:generate [-- --catalog <file.ndjson[.gz]> --requests N --concurrency N --min-places N]`: POST
 * /api/itinerary/generate through the running app (HTTP, real PostgreSQL, the world catalog that ships with the
 * app by default), for
 * trips of 3 cities × 10 days. Cities are drawn (seeded) from the catalog's cities with at least
 * `--min-places` (30) places; themes and paces vary.
 *
 * It runs the requests one at a time, then (with `--concurrency N` > 1) N at a time, each client behind
 * its own address (the bench is a trusted proxy), and meanwhile polls `GET /api/health` every 20 ms from a
 * process of its own (and first alone, as a baseline of the machine): the health latency shows whether
 * the solver holds up the event loop. Reports latency, throughput and its
 * ratio to one at a time, the app's CPU per plan, and health p50/p99. Then it re-plans each of the trips generated one at a time with
 * 10 of its places locked (the first place of every third day) through `POST /api/itinerary/replan`, one at
 * a time, and reports its p50/p95 next to the fresh generation's of the same run, and how many of each trip's
 * other places the re-plan put on another day or left out (a re-plan changes as little as it must: 0 is the aim).
 *
 * Prints one line per phase and a JSON summary line last. `APP_NODE_OPTIONS` is passed to the app as its
 * NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes).
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
import { importCatalogFile } from '../src/modules/places/import/importer.ts'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { THEMES } from '../src/modules/places/domain.ts'
import { recordSightRules } from '../src/modules/places/sights/merge-sights.ts'
import type { Db } from '../src/platform/database.ts'
import { PACES, type Pace } from '../src/modules/itinerary/planner/pace.ts'
import { hasEnoughPlaces } from '../src/modules/itinerary/planner/rules.ts'
import { appCommand, cpuMs, freePort, option, percentile, pollHealth, seededRandom, waitForHealth } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const catalog = path.resolve(option(args, 'catalog') ?? path.join(ROOT, 'data/places/world-catalog.ndjson.gz'))
const concurrency = Math.max(1, Number(option(args, 'concurrency') ?? 1))
const requests = Number(option(args, 'requests') ?? Math.max(60, concurrency * 4))
/** Only cities with at least this many catalog places are drawn (raise it to stress the planner). */
const minPlaces = Number(option(args, 'min-places') ?? 30)
const WARMUP = 5
/** Places a re-plan keeps locked: the first place of every third day of the 30. */
const REPLAN_LOCKS = 10

interface PlannedDay {
  readonly city?: string
  readonly places: ReadonlyArray<{ readonly id: string; readonly locked?: boolean }>
}

function withLocks(days: readonly PlannedDay[], locks: number): PlannedDay[] {
  const step = Math.max(1, Math.floor(days.length / locks))
  return days.map((day, index) => ({
    ...day,
    places: day.places.map((place, k) => ({ ...place, locked: k === 0 && index % step === 0 && index / step < locks })),
  }))
}

const lockedCount = (days: readonly PlannedDay[]) => days.reduce((sum, day) => sum + day.places.filter((place) => place.locked).length, 0)

/**
 * What a re-plan changed of the places it was not asked to move: those now on another day of their city
 * (the k-th day of a city is its day k, whatever the other cities' counts), and those left out.
 */
function placesMoved(before: readonly PlannedDay[], after: readonly PlannedDay[]) {
  const dayOf = (days: readonly PlannedDay[]) => {
    const seen = new Map<string | undefined, number>()
    const where = new Map<string, string>()
    for (const day of days) {
      const k = seen.get(day.city) ?? 0
      seen.set(day.city, k + 1)
      for (const place of day.places) where.set(place.id, `${day.city}#${k}`)
    }
    return where
  }
  const now = dayOf(after)
  let moved = 0
  let leftOut = 0
  for (const [id, day] of dayOf(before)) {
    const kept = now.get(id)
    if (kept === undefined) leftOut++
    else if (kept !== day) moved++
  }
  return { moved, leftOut }
}

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
    const start = appCommand(ROOT)
    app = spawn(start.command, [...start.args], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: process.env.APP_NODE_OPTIONS ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: server.url,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    await waitForHealth(baseUrl, 300_000)

    const bodies = tripBodies(cities, WARMUP + requests)
    let failures = 0
    /** Each trip's generated days, which the re-plan phase locks and re-plans. */
    const generated = new Map<(typeof bodies)[number], PlannedDay[]>()
    // Each request comes from its own visitor (the app trusts the bench as its proxy), as on a real site.
    const generate = async (body: (typeof bodies)[number], visitor: number) => {
      const started = performance.now()
      const response = await fetch(`${baseUrl}/api/itinerary/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${(visitor >> 8) & 255}.${visitor & 255}` },
        body: JSON.stringify(body),
      })
      const answer = (await response.json()) as { itinerary?: PlannedDay[]; error?: string }
      if (!response.ok || answer.itinerary?.length !== 30) {
        failures++
        console.log(`${response.status} ${answer.error ?? ''} (${body.destinations.join(' | ')})`)
      } else generated.set(body, answer.itinerary)
      return performance.now() - started
    }
    /** Re-plans a generated trip with 10 locked places; the answer must keep all 10. */
    const replan = async (body: (typeof bodies)[number], days: readonly PlannedDay[], visitor: number) => {
      const editableItinerary = withLocks(days, REPLAN_LOCKS)
      const started = performance.now()
      const response = await fetch(`${baseUrl}/api/itinerary/replan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.19.${(visitor >> 8) & 255}.${visitor & 255}` },
        body: JSON.stringify({ ...body, editableItinerary }),
      })
      const answer = (await response.json()) as { itinerary?: PlannedDay[]; error?: string }
      const elapsed = performance.now() - started
      const kept = answer.itinerary?.reduce((sum, day) => sum + day.places.filter((place) => place.locked).length, 0)
      if (!response.ok || kept !== lockedCount(editableItinerary) || !answer.itinerary) {
        failures++
        console.log(`re-plan ${response.status} ${answer.error ?? ''} (${body.destinations.join(' | ')})`)
        return { elapsed, moved: 0, leftOut: 0 }
      }
      return { elapsed, ...placesMoved(days, answer.itinerary) }
    }
    for (const [index, body] of bodies.slice(0, WARMUP).entries()) await generate(body, index)
    let visitors = WARMUP

    const probeHealth = (done: Promise<unknown>) => pollHealth(baseUrl, done)
    // The health check alone first: on a shared machine, the part of its latency that is not ours.
    const idle = await probeHealth(new Promise((resolve) => setTimeout(resolve, 5000)))
    const baseline = { healthIdleP50Ms: Number(percentile(idle, 50).toFixed(1)), healthIdleP99Ms: Number(percentile(idle, 99).toFixed(1)) }
    console.log(JSON.stringify(baseline))

    /** Runs every body with `clients` at a time, polling health meanwhile. */
    const phase = async (clients: number) => {
      const latencies: number[] = []
      let next = WARMUP
      const started = performance.now()
      const cpuBefore = cpuMs([app!.pid!])
      const work = Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < bodies.length) latencies.push(await generate(bodies[next++]!, visitors++))
        }),
      )
      const health = await probeHealth(work)
      await work
      const seconds = (performance.now() - started) / 1000
      const cpu = cpuMs([app!.pid!]) - cpuBefore
      const result = {
        concurrency: clients,
        requests: latencies.length,
        perSecond: Number((latencies.length / seconds).toFixed(2)),
        p50Ms: Math.round(percentile(latencies, 50)),
        p95Ms: Math.round(percentile(latencies, 95)),
        maxMs: Math.round(Math.max(...latencies)),
        // The app's CPU per plan (its planner threads included), whatever else the machine runs: the figure to compare across runs.
        cpuMsPerPlan: Math.round(cpu / latencies.length),
        healthChecks: health.length,
        healthP50Ms: Number(percentile(health, 50).toFixed(1)),
        healthP99Ms: Number(percentile(health, 99).toFixed(1)),
        healthMaxMs: Number(Math.max(...health).toFixed(1)),
      }
      console.log(JSON.stringify(result))
      return result
    }

    const single = await phase(1)
    const replans: Array<{ elapsed: number; moved: number; leftOut: number }> = []
    for (const [index, [body, days]] of [...generated.entries()].filter(([body]) => bodies.indexOf(body) >= WARMUP).entries()) {
      replans.push(await replan(body, days, index))
    }
    const replanMs = replans.map((result) => result.elapsed)
    const perReplan = (count: (result: (typeof replans)[number]) => number) =>
      Number((replans.reduce((sum, result) => sum + count(result), 0) / Math.max(1, replans.length)).toFixed(1))
    const replanResult = {
      replanRequests: replans.length,
      replanLocks: REPLAN_LOCKS,
      // Of a 30-day trip's places, those a lock-only re-plan put on another day or left out (0 is the aim).
      replanPlacesMoved: perReplan((result) => result.moved),
      replanPlacesLeftOut: perReplan((result) => result.leftOut),
      replanP50Ms: Math.round(percentile(replanMs, 50)),
      replanP95Ms: Math.round(percentile(replanMs, 95)),
      generateP50Ms: single.p50Ms,
      generateP95Ms: single.p95Ms,
    }
    console.log(JSON.stringify(replanResult))
    const parallel = concurrency > 1 ? await phase(concurrency) : undefined
    const last = parallel ?? single
    const summary = {
      minPlaces,
      cores: os.availableParallelism(),
      failures,
      ...baseline,
      ...last,
      ...replanResult,
      replanVsGenerateP50: Number((replanResult.replanP50Ms / single.p50Ms).toFixed(2)),
      throughputVsOneAtATime: Number((last.perSecond / single.perSecond).toFixed(2)),
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
