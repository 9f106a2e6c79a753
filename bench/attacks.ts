/**
 * `npm run bench:attacks [-- --compare DIR]`: the load attacks of the security review (issue #32), each run
 * against the app through HTTP while `GET /api/health` is polled, as one account or one address could run
 * them. With `--compare DIR` the app of another checkout (an older commit unpacked with `git archive`, its
 * `node_modules` linked) is attacked first, the same way, so the lines read before → after.
 *
 * - `sharedPages`: ten of the largest trips the app accepts (the review's 38 days × 48 visits, or where it
 *   refuses that, 60 days × 10), shared; each is edited (its memory copy dropped) and its page then asked for
 *   by ten browsers at once (Brotli), three rounds;
 * - `replan`: 64 connections sending 250 KB re-plans from an address over its allowance, and 29 heavy valid
 *   re-plans, while another visitor generates a 3-day trip every second: the visitor's worst latency;
 * - `history`: a trip saved 101 times: its History read one at a time (p50) and four at a time;
 * - `calendars`: 48 calendar exports of a long trip at once from one account while the visitor generates;
 * - `queryVariants`: eight connections asking for a shared page under a new `?x=` each time, for 5 s.
 *
 * Between attacks the bench empties the rate-limit counters (as the minutes between them would). Prints a
 * line per attack and a JSON summary last. `APP_NODE_OPTIONS` is passed to the app as its NODE_OPTIONS.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { verificationCode } from '../e2e/mail.ts'
import { connect } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { appCommand, freePort, healthDuring, option, percentile, waitForHealth } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const compare = option(args, 'compare')
/** `--only sharedPages` (or replan, history, calendars, queryVariants): that attack alone. */
const only = option(args, 'only')
const runs = (name: string) => only === undefined || only === name
const PASSWORD = 'Bench-attack-2026'

interface Attacked {
  readonly baseUrl: string
  readonly dataDir: string
  readonly child: ChildProcess
}

async function startApp(root: string): Promise<Attacked> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-attacks-'))
  fs.chmodSync(dataDir, 0o755)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const { command, args: startArgs } = appCommand(root)
  const child = spawn(command, [...startArgs], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: process.env.APP_NODE_OPTIONS ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      PLACES_CATALOG: 'demo',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitForHealth(baseUrl, 600_000)
  return { baseUrl, dataDir, child }
}

async function stopApp(app: Attacked) {
  const exited = new Promise((resolve) => app.child.once('exit', resolve))
  app.child.kill('SIGTERM')
  await exited
  fs.rmSync(app.dataDir, { recursive: true, force: true })
}

let addresses = 0
const nextAddress = () => `10.77.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`

async function call(baseUrl: string, method: string, url: string, options: { token?: string; body?: unknown; raw?: string; address?: string } = {}) {
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const started = performance.now()
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'br',
      'x-forwarded-for': options.address ?? nextAddress(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(body === undefined ? {} : { body }),
  })
  const text = await response.text()
  return { status: response.status, text, ms: performance.now() - started, json: () => JSON.parse(text) as any }
}

/** A verified, logged-in member (sign-up, the mailed code, login), as a browser makes one. */
async function member(app: Attacked, label: string): Promise<string> {
  const email = `${label}-${Date.now()}-${addresses}@example.com`
  const address = nextAddress()
  const signup = await call(app.baseUrl, 'POST', '/auth/signup', {
    address,
    body: { name: 'Bench Member', email, password: PASSWORD, confirm_password: PASSWORD, gender: 'other', dob: '1990-01-01' },
  })
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${signup.text}`)
  await call(app.baseUrl, 'POST', '/auth/verify-otp', { address, body: { email, otp: await verificationCode(email, app.dataDir) } })
  const login = await call(app.baseUrl, 'POST', '/auth/login', { address, body: { email, password: PASSWORD } })
  return login.json().accessToken as string
}

const TRIP = {
  origin_city: 'London',
  destinations: ['Paris'],
  trip_types: ['tourist-attractions'],
  pace: 'moderate',
  start_date: '2027-05-01',
  end_date: '2027-05-03',
}

/** A trip of `days` × `visits` of the generated places, each sent with only what a save needs (so the largest fit in a request). */
function largeTrip(places: Array<{ id: string; name: string; latitude: number; longitude: number }>, days: number, visits: number, shift = 0) {
  return Array.from({ length: days }, (_, d) => ({
    city: 'Paris',
    date: new Date(Date.UTC(2027, 5, 1 + d)).toISOString().slice(0, 10),
    places: Array.from({ length: visits }, (_, k) => {
      const place = places[(d + k) % places.length]!
      return {
        id: `${place.id}-${d}-${k}`,
        name: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
        start_time: (visits > 24 ? k / 2 : 8 + k) + shift,
        visit_duration: 0.5,
      }
    }),
  }))
}

/** Empties the rate-limit counters of the app's database (the minutes that would pass between attacks). */
async function resetLimits(app: Attacked) {
  const server = await startEmbeddedPostgres(app.dataDir)
  const database = connect(server.url, { max: 1 })
  try {
    await database.db.deleteFrom('rate_limits').execute()
  } finally {
    await database.close()
  }
}

const p99 = (values: number[]) => Number(percentile(values, 99).toFixed(1))
const round = (value: number) => Math.round(value)

async function attack(app: Attacked) {
  const { baseUrl } = app
  const places = (await call(baseUrl, 'POST', '/api/itinerary/generate', { body: TRIP })).json().itinerary.flatMap((day: { places: unknown[] }) => day.places)
  if (places.length === 0) throw new Error('the demo catalog planned nothing for Paris')
  const owner = await member(app, 'attacker')
  const save = (body: Record<string, unknown>, token = owner) =>
    call(baseUrl, 'POST', '/api/saved-itineraries/save-full', {
      token,
      body: { tripData: { origin: 'London', destinations: ['Paris'], startDate: '2027-06-01' }, ...body },
    })

  const results: Record<string, unknown> = {}
  const pages: string[] = []
  if (runs('sharedPages') || runs('queryVariants')) {
    // Finding 1: the largest shared trips this app keeps.
    let shape = [38, 48]
    let first = await save({ editableItinerary: largeTrip(places, 38, 48), title: 'Big 0' })
    if (first.status !== 201) {
      shape = [60, 10]
      first = await save({ editableItinerary: largeTrip(places, 60, 10), title: 'Big 0' })
    }
    const trips = [first.json().saved_id as string]
    for (let i = 1; i < 10; i++) trips.push((await save({ editableItinerary: largeTrip(places, shape[0]!, shape[1]!), title: `Big ${i}` })).json().saved_id)
    for (const id of trips) pages.push(new URL((await call(baseUrl, 'POST', `/api/saved-itineraries/${id}/share`, { token: owner })).json().share_url).pathname)
    await resetLimits(app)
    if (runs('sharedPages')) {
      const pageHealth: number[] = []
      let pageBytes = 0
      for (let r = 1; r <= 3; r++) {
        for (const [i, id] of trips.entries())
          await save({ saved_id: id, editableItinerary: largeTrip(places, shape[0]!, shape[1]!, r % 2 ? 0.5 : 0), title: `Big ${i}` })
        const { health, result } = await healthDuring(baseUrl, () => Promise.all(pages.map((page) => call(baseUrl, 'GET', page))))
        pageHealth.push(...health)
        pageBytes = result[0]!.text.length
      }
      results.sharedPages = {
        trip: `${shape[0]} days × ${shape[1]} visits`,
        htmlBytes: pageBytes,
        healthP99Ms: p99(pageHealth),
        healthMaxMs: round(Math.max(...pageHealth)),
      }
      console.log(JSON.stringify({ attack: 'sharedPages', ...(results.sharedPages as object) }))
      await resetLimits(app)
    }
  }

  if (runs('replan')) {
    // Finding 2: refused and heavy re-plans while a visitor generates.
    const heavyDays = largeTrip(places, 30, 12)
    const garbage = `{"editableItinerary": [${'"x",'.repeat(62_000)}"x"]}`
    const flooder = nextAddress()
    const heavyAddress = nextAddress()
    const victim: number[] = []
    let flooding = true
    const flood = Promise.all(
      Array.from({ length: 64 }, async () => {
        while (flooding) await call(baseUrl, 'POST', '/api/itinerary/replan', { raw: garbage, address: flooder })
      }),
    )
    const heavy = Promise.all(
      Array.from({ length: 29 }, () =>
        call(baseUrl, 'POST', '/api/itinerary/replan', {
          address: heavyAddress,
          body: { ...TRIP, start_date: '2027-06-01', end_date: '2027-06-30', editableItinerary: heavyDays },
        }),
      ),
    )
    const { health: replanHealth } = await healthDuring(baseUrl, async () => {
      for (let i = 0; i < 10; i++) {
        victim.push((await call(baseUrl, 'POST', '/api/itinerary/generate', { body: TRIP })).ms)
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
    })
    flooding = false
    await Promise.all([flood, heavy])
    results.replan = { visitorMaxMs: round(Math.max(...victim)), visitorP50Ms: round(percentile(victim, 50)), healthP99Ms: p99(replanHealth) }
    console.log(JSON.stringify({ attack: 'replan', ...(results.replan as object) }))
    await resetLimits(app)
  }

  let history: { id: string; token: string } | undefined
  const longTrip = async (saves: number) => {
    const token = await member(app, 'historian')
    const id = (await save({ editableItinerary: largeTrip(places, 60, 10), title: 'Edited often' }, token)).json().saved_id as string
    for (let i = 1; i < saves; i++) {
      if (i % 15 === 0) await resetLimits(app)
      await save({ saved_id: id, editableItinerary: largeTrip(places, 60, 10, i % 2 ? 0.5 : 0) }, token)
    }
    await resetLimits(app)
    return { id, token }
  }
  if (runs('history')) {
    // Finding 3: a trip saved 101 times.
    history = await longTrip(101)
    const versions = () => call(baseUrl, 'GET', `/api/saved-itineraries/${history!.id}/versions`, { token: history!.token })
    const reads: number[] = []
    for (let i = 0; i < 20; i++) reads.push((await versions()).ms)
    const { health: historyHealth } = await healthDuring(baseUrl, () => Promise.all(Array.from({ length: 4 }, versions)))
    results.history = { versions: 101, readP50Ms: round(percentile(reads, 50)), fourAtOnceHealthMaxMs: round(Math.max(...historyHealth)) }
    console.log(JSON.stringify({ attack: 'history', ...(results.history as object) }))
    await resetLimits(app)
  }

  if (runs('calendars')) {
    // Finding 6: 48 calendar exports at once while the visitor generates.
    const trip = history ?? (await longTrip(1))
    const { health: calendarHealth, result } = await healthDuring(baseUrl, () =>
      Promise.all([
        Promise.all(Array.from({ length: 48 }, () => call(baseUrl, 'GET', `/api/saved-itineraries/${trip.id}/calendar`, { token: trip.token }))),
        call(baseUrl, 'POST', '/api/itinerary/generate', { body: TRIP }),
      ]),
    )
    const [exports, generation] = result
    const statuses = exports.map((answer) => answer.status)
    results.calendars = {
      exported: statuses.filter((status) => status === 200).length,
      refused: statuses.filter((status) => status !== 200).length,
      visitorStatus: generation.status,
      visitorMs: round(generation.ms),
      healthP99Ms: p99(calendarHealth),
    }
    console.log(JSON.stringify({ attack: 'calendars', ...(results.calendars as object) }))
  }

  if (runs('queryVariants')) {
    // Finding 7: a new query on every request for a shared page.
    let variants = 0
    const { health: variantHealth } = await healthDuring(baseUrl, () => {
      const until = performance.now() + 5000
      return Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < until) await call(baseUrl, 'GET', `${pages[0]}?x=${variants++}`)
        }),
      )
    })
    results.queryVariants = { perSecond: round(variants / 5), healthP99Ms: p99(variantHealth) }
    console.log(JSON.stringify({ attack: 'queryVariants', ...(results.queryVariants as object) }))
  }
  return results
}

const results: Record<string, unknown> = {}
for (const [name, root] of [...(compare ? [['before', path.resolve(compare)] as const] : []), ['after', ROOT] as const]) {
  console.log(`attacking the app of ${root}`)
  const app = await startApp(root)
  try {
    results[name] = await attack(app)
  } finally {
    await stopApp(app)
  }
}
console.log(JSON.stringify(results))
