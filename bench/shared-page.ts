/**
 * `npm run bench:shared-page [-- --seconds N --connections N --rounds N --encoding br|gzip|identity[,...] --compare DIR]`:
 * throughput and latency of the public shared itinerary page (`GET /itinerary/shared/:shareId`) through the
 * running app, next to a bare `node:http` server (its own process) answering the same bytes with the same
 * headers, measured in the same run with autocannon (50 connections), alternating app and bare rounds so
 * that a busy machine slows both alike. Every request asks for `--encoding` (default `br`, as browsers
 * do), so both answer the compressed page; several encodings (`br,identity`) are measured one after the
 * other in the same run. Target: app ≥ 0.5 × bare, app p99 ≤ 25 ms.
 *
 * `--compare DIR` also starts the app of another checkout (e.g. an older commit unpacked with `git archive`,
 * its `node_modules` linked) on the same database, and its rounds alternate with this app's and the bare
 * server's: a before/after measured side by side under the same load.
 *
 * Then the calendar export of the longest shared itinerary a trip may be (60 days × 10 visits) under the same load, with
 * `/api/health` latency meanwhile (target p99 ≤ 50 ms), every request accepting the first `--encoding`: one
 * client address, so once its allowance is spent a lookup answers 429; the point is that neither building,
 * serving nor refusing it stalls the server.
 *
 * Prints one line per round and a JSON summary line last.
 */
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { jobDefinitions } from '../src/app/jobs.ts'
import { makeApp } from '../src/app/runtime.ts'
import { registry } from '../src/app/registry.ts'
import { ensureProjections } from '../src/events/rebuild.ts'
import { saveItinerary, shareItinerary } from '../src/modules/itinerary/saved/commands.ts'
import { generateItinerary } from '../src/modules/itinerary/planner/generate.ts'
import { DEMO_CATALOG_FILE } from '../src/modules/places/import/first-start.ts'
import { importCatalogFile } from '../src/modules/places/import/importer.ts'
import { loadConfig } from '../src/platform/config.ts'
import { connect } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { JobQueue } from '../src/platform/jobs.ts'
import { createLogger } from '../src/platform/logging.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'
import { appCommand, freePort, option, percentile, waitForHealth } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const seconds = Number(option(args, 'seconds') ?? 6)
const connections = Number(option(args, 'connections') ?? 50)
const rounds = Number(option(args, 'rounds') ?? 2)
const encodings = (option(args, 'encoding') ?? 'br').split(',')
const compareDir = option(args, 'compare')
const accepting = (encoding: string) => ({ 'accept-encoding': encoding })

/** The page as it comes over the wire (fetch would decompress it): status, headers and raw bytes. */
function getRaw(url: string, encoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: accepting(encoding) }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

const stop = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** 60 days of 10 visits each, made of the generated days' places: as long as a trip may be. */
function longItinerary(days: readonly { city: string; places: readonly Record<string, unknown>[] }[]) {
  // The longest trip the app keeps: 60 days of 10 visits (MAX_PLACES_PER_TRIP).
  return Array.from({ length: 60 }, (_, d) => {
    const template = days[d % days.length]!
    // A visit stays in its own city.
    const places = days.filter((day) => day.city === template.city).flatMap((day) => day.places)
    return {
      ...template,
      day: d + 1,
      date: new Date(Date.UTC(2027, 5, 1 + d)).toISOString().slice(0, 10),
      places: Array.from({ length: 10 }, (_, k) => ({ ...places[k % places.length], start_time: 8 + k, visit_duration: 1, travel_time_from_previous: 0 })),
    }
  })
}

/**
 * A traveller with a shared 5-day, two-city itinerary and a shared 60-day one, made through the module's
 * own commands; their share ids.
 */
async function seedSharedItinerary(databaseUrl: string, db: ReturnType<typeof connect>['db']): Promise<{ page: string; long: string }> {
  const userId = randomUUID()
  await db
    .insertInto('users')
    .values({ id: userId, email: `bench-${userId}@example.com`, name: 'Bench Traveller', gender: 'other', dob: '1990-01-01', phone: null, password_hash: 'x' })
    .execute()
  const logger = createLogger('warn')
  // The queue connects only when a job is sent; saving an itinerary sends none.
  const jobs = new JobQueue(databaseUrl, jobDefinitions, logger)
  const { runtime } = makeApp({
    config: { ...loadConfig({ DATA_DIR: os.tmpdir() }), databaseUrl, authSecret: 'bench-secret-bench-secret-bench-secret-0' },
    db,
    logger,
    jobs,
  })
  try {
    const generated = await runtime.runPromise(
      generateItinerary({
        origin_city: 'Berlin',
        destinations: ['Paris', 'Rome'],
        trip_types: ['tourist-attractions', 'cultural-historical'],
        pace: 'moderate',
        start_date: '2027-05-01',
        end_date: '2027-05-05',
      }),
    )
    const tripData = {
      origin: 'Berlin',
      destinations: ['Paris', 'Rome'],
      startDate: '2027-05-01',
      endDate: '2027-05-05',
      tripType: ['Tourist Attractions'],
      tripPace: 'moderate',
    }
    const saved = await runtime.runPromise(saveItinerary(userId, { tripData, editableItinerary: generated.itinerary as never, title: 'Paris and Rome in May' }))
    const long = await runtime.runPromise(
      saveItinerary(userId, {
        tripData: { ...tripData, startDate: '2027-06-01', endDate: '2027-07-30' },
        editableItinerary: longItinerary(generated.itinerary as never) as never,
        title: 'Two months of Paris and Rome',
      }),
    )
    return {
      page: (await runtime.runPromise(shareItinerary(userId, saved.saved_id))).share_id,
      long: (await runtime.runPromise(shareItinerary(userId, long.saved_id))).share_id,
    }
  } finally {
    await jobs.stop()
    await runtime.dispose()
  }
}

/** A bare node:http server in its own process, answering every request with these bytes and headers. */
async function bareServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-bare-'))
  fs.writeFileSync(path.join(dir, 'body'), body)
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers))
  const script = `
    const http = require('node:http'), fs = require('node:fs'), path = require('node:path')
    const body = fs.readFileSync(path.join(${JSON.stringify(dir)}, 'body'))
    const headers = JSON.parse(fs.readFileSync(path.join(${JSON.stringify(dir)}, 'headers.json'), 'utf8'))
    http.createServer((req, res) => { res.writeHead(200, { ...headers, 'content-length': body.length }); res.end(body) })
      .listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'))`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve())
    child.once('exit', () => reject(new Error('the bare server exited')))
  })
  return { url: `http://127.0.0.1:${port}/`, child }
}

interface Round {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly errors: number
  readonly non2xx: number
}

async function load(url: string, duration: number, encoding: string): Promise<Round> {
  const result = await autocannon({ url, connections, duration, pipelining: 1, headers: accepting(encoding) })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx }
}

/**
 * `/api/health` latencies, one request after another, until `done` resolves. The probe runs in a process
 * of its own, so that the load generator's work on the answers it receives does not delay it.
 */
async function healthWhile(baseUrl: string, done: Promise<unknown>): Promise<number[]> {
  const script = `
    const latencies = []
    let stop = false
    process.stdin.on('end', () => { stop = true })
    process.stdin.resume()
    ;(async () => {
      while (!stop) {
        const started = performance.now()
        const response = await fetch(${JSON.stringify(`${baseUrl}/api/health`)})
        await response.arrayBuffer()
        latencies.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      process.stdout.write(JSON.stringify(latencies))
    })()`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await done
  child.stdin!.end()
  await exited
  return JSON.parse(output) as number[]
}

/** The long itinerary's calendar under the page's load (autocannon, the same connections), health meanwhile. */
async function calendarUnderLoad(baseUrl: string, url: string, encoding: string) {
  const first = await fetch(url)
  const bytes = (await first.arrayBuffer()).byteLength
  if (first.status !== 200) throw new Error(`the calendar export answered ${first.status}`)
  const idle = await healthWhile(baseUrl, new Promise((resolve) => setTimeout(resolve, 1000)))
  const sent = await getRaw(url, encoding)
  const run = Promise.resolve(autocannon({ url, connections, duration: seconds, pipelining: 1, headers: accepting(encoding) }))
  const [result, latencies] = await Promise.all([run, healthWhile(baseUrl, run)])
  const p99 = (list: number[]) => +percentile(list, 99).toFixed(1)
  return {
    bytes,
    encoding: sent.headers['content-encoding'] ?? 'identity',
    bytesSent: sent.body.length,
    rps: Math.round(result.requests.average),
    statuses: { '2xx': result['2xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
    healthIdleP99Ms: p99(idle),
    healthP99Ms: p99(latencies),
    healthSamples: latencies.length,
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-shared-'))
  fs.chmodSync(dataDir, 0o755)
  const server = await startEmbeddedPostgres(dataDir)
  const database = connect(server.url, { max: 4 })
  const children: ChildProcess[] = []
  try {
    await migrateToLatest(database.db)
    await ensureProjections(database.db, registry)
    await importCatalogFile(database.db, DEMO_CATALOG_FILE)
    const shared = await seedSharedItinerary(server.url, database.db)
    const shareId = shared.page

    const startApp = async (root: string, name: string) => {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const start = appCommand(root)
      const child = spawn(start.command, [...start.args], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: fs.mkdtempSync(path.join(dataDir, `${name}-`)),
          DATABASE_URL: server.url,
          LOG_LEVEL: 'warn',
          // The demo catalog imported above: otherwise the app started first imports the world catalog and
          // serves its rounds with that import's garbage in its heap (a major collection during the
          // measurement), a handicap the app started second does not have.
          PLACES_CATALOG: 'demo',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      })
      children.push(child)
      await waitForHealth(url, 300_000)
      return url
    }
    const baseUrl = await startApp(ROOT, 'app')
    const compareUrl = compareDir ? await startApp(path.resolve(compareDir), 'compare') : undefined

    const pagePath = `/itinerary/shared/${shareId}`
    const plain = await fetch(`${baseUrl}${pagePath}`)
    if (plain.status !== 200 || !(await plain.text()).includes('Paris and Rome in May')) throw new Error(`the shared page answered ${plain.status}`)
    if (compareUrl) await (await fetch(`${compareUrl}${pagePath}`)).arrayBuffer()

    const mean = (list: readonly Round[], pick: (round: Round) => number) => list.reduce((sum, round) => sum + pick(round), 0) / list.length
    const results = []
    for (const encoding of encodings) {
      // The copy in memory answers from the second request on: take the bytes it sends.
      const page = await getRaw(`${baseUrl}${pagePath}`, encoding)
      const body = page.body
      const headers = Object.fromEntries(
        Object.entries(page.headers)
          .filter(([name]) => !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
          .map(([name, value]) => [name, String(value)]),
      )
      const started = await bareServer(body, headers)
      children.push(started.child)
      const sent = page.headers['content-encoding'] ?? 'identity'
      console.log(`shared page: ${body.length} bytes (${sent}), etag ${page.headers.etag}, cache-control ${page.headers['cache-control']}`)
      if (compareUrl) {
        const other = await getRaw(`${compareUrl}${pagePath}`, encoding)
        console.log(`compared app's page: ${other.body.length} bytes (${other.headers['content-encoding'] ?? 'identity'})`)
      }

      const targets: [string, string][] = [
        ['app', `${baseUrl}${pagePath}`],
        ...(compareUrl ? [['compare', `${compareUrl}${pagePath}`] as [string, string]] : []),
        ['bare', started.url],
      ]
      for (const [, url] of targets) await load(url, 2, encoding)
      const byTarget: Record<string, Round[]> = Object.fromEntries(targets.map(([name]) => [name, []]))
      for (let round = 1; round <= rounds; round++) {
        const line: string[] = []
        for (const [name, url] of targets) {
          const result = await load(url, seconds, encoding)
          byTarget[name]!.push(result)
          line.push(`${name} ${Math.round(result.rps)} req/s p99 ${result.p99} ms`)
        }
        console.log(`${sent} round ${round}: ${line.join('; ')}`)
      }
      const appRounds = byTarget.app!
      const bareRounds = byTarget.bare!
      const appRps = mean(appRounds, (round) => round.rps)
      const bareRps = mean(bareRounds, (round) => round.rps)
      const compareRounds = byTarget.compare
      results.push({
        encoding: sent,
        bytes: body.length,
        appRps: Math.round(appRps),
        bareRps: Math.round(bareRps),
        ratio: Number((appRps / bareRps).toFixed(2)),
        appP50Ms: Math.max(...appRounds.map((round) => round.p50)),
        appP99Ms: Math.max(...appRounds.map((round) => round.p99)),
        bareP99Ms: Math.max(...bareRounds.map((round) => round.p99)),
        appErrors: appRounds.reduce((sum, round) => sum + round.errors + round.non2xx, 0),
        ...(compareRounds && {
          compareRps: Math.round(mean(compareRounds, (round) => round.rps)),
          compareRatio: Number((mean(compareRounds, (round) => round.rps) / bareRps).toFixed(2)),
          compareP99Ms: Math.max(...compareRounds.map((round) => round.p99)),
        }),
        targetMet: appRps / bareRps >= 0.5 && Math.max(...appRounds.map((round) => round.p99)) <= 25,
      })
    }
    const calendar = await calendarUnderLoad(baseUrl, `${baseUrl}/itinerary/shared/${shared.long}/calendar.ics`, encodings[0]!)
    console.log(`calendar export: ${JSON.stringify(calendar)}`)
    const [first, ...others] = results
    const summary = {
      connections,
      seconds: seconds * rounds,
      ...first!,
      ...(others.length > 0 && { otherEncodings: others }),
      loadAverage: os.loadavg().map((value) => Number(value.toFixed(1))),
      calendarBytes: calendar.bytes,
      calendarBytesSent: calendar.bytesSent,
      calendarRps: calendar.rps,
      calendarHealthP99Ms: calendar.healthP99Ms,
      calendarTargetMet: calendar.healthP99Ms <= 50,
    }
    console.log(JSON.stringify(summary))
  } finally {
    for (const child of children) await stop(child)
    await database.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
