import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { connect } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { freePort } from '../src/platform/free-port.ts'

/**
 * The app stopped as an operator's supervisor stops it (systemd, Docker, Kubernetes: SIGTERM; a terminal:
 * SIGINT), to the process alone or to its whole process group, while idle, while requests are in flight and
 * during the first start's catalog import: 20 stops in a row. Each must exit with code 0 once the in-flight
 * requests are answered, leave no PostgreSQL running 5 s after the signal, and leave the DATA_DIR so that
 * the next start works at once.
 */

const ROOT = path.resolve(import.meta.dirname, '..')
const POSTGRES_GONE_MS = 5000
type Moment = 'idle' | 'requests' | 'import'
type Target = 'process' | 'group'

interface Started {
  readonly child: ChildProcess
  readonly baseUrl: string
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  output: string
}

const dataDirs: string[] = []
afterAll(async () => {
  for (const dataDir of dataDirs) {
    const server = await startEmbeddedPostgres(dataDir).catch(() => undefined)
    await server?.stop().catch(() => {})
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

function newDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-stop-'))
  fs.chmodSync(dataDir, 0o755)
  dataDirs.push(dataDir)
  return dataDir
}

/** `npm start`'s command in a process group of its own (as a service manager starts it). */
async function start(dataDir: string, catalog: 'demo' | 'world'): Promise<Started> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['src/app/start.mjs'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      PLACES_CATALOG: catalog,
      PLACES_PROVIDER: 'catalog',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const started: Started = {
    child,
    baseUrl,
    output: '',
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
  }
  child.stdout!.on('data', (chunk: Buffer) => (started.output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (started.output += chunk.toString()))
  return started
}

async function until(condition: () => boolean | Promise<boolean>, what: string, app: Started, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s; output:\n${app.output.slice(-3000)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const healthy = (baseUrl: string) =>
  fetch(`${baseUrl}/api/health`).then(
    (response) => response.ok,
    () => false,
  )

function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return undefined
  }
}

function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

const TRIP = {
  origin_city: 'London',
  destinations: ['Paris'],
  trip_types: ['tourist-attractions'],
  pace: 'moderate',
  start_date: '2027-05-01',
  end_date: '2027-05-03',
}

/**
 * Generation requests sent at once; resolves `sent` when every request is written (the server has them),
 * and `answers` with each answer's status, or the error of a cut connection.
 */
type Answer = { readonly status: number | string; readonly at: number }

let visitors = 0

function inFlightRequests(baseUrl: string, count: number): { sent: Promise<unknown>; answers: Promise<Answer[]> } {
  // Each run's requests come from a visitor of their own, with a whole allowance of generations.
  const visitor = `198.51.100.${++visitors}`
  const body = JSON.stringify(TRIP)
  const requests = Array.from({ length: count }, () => {
    let written!: () => void
    const sent = new Promise<void>((resolve) => (written = resolve))
    const answer = new Promise<Answer>((resolve) => {
      const request = http.request(
        `${baseUrl}/api/itinerary/generate`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor } },
        (response) => {
          response.resume()
          response.on('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now() }))
          response.on('error', (error) => resolve({ status: String(error), at: Date.now() }))
        },
      )
      request.on('error', (error) => resolve({ status: String(error), at: Date.now() }))
      request.end(body, written)
    })
    return { sent, answer }
  })
  return { sent: Promise.all(requests.map((request) => request.sent)), answers: Promise.all(requests.map((request) => request.answer)) }
}

/** Sends the signal at the moment, then checks the stop: exit code 0, requests answered, PostgreSQL gone in time. */
async function stopAt(dataDir: string, moment: Moment, signal: NodeJS.Signals, target: Target): Promise<void> {
  const app = await start(dataDir, moment === 'import' ? 'world' : 'demo')
  let answers: Promise<Answer[]> | undefined
  if (moment === 'import') {
    await until(() => app.output.includes('importing the world places catalog:'), 'the catalog import', app)
  } else {
    await until(() => healthy(app.baseUrl), 'health', app)
    if (moment === 'requests') {
      const requests = inFlightRequests(app.baseUrl, 8)
      answers = requests.answers
      await requests.sent
      // Long enough for the server to read them, well short of the time eight plans take on two threads.
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const postgres = postmasterPid(dataDir)
  const signalledAt = Date.now()
  process.kill(target === 'group' ? -app.child.pid! : app.child.pid!, signal)
  const exit = await app.exited
  const where = `${signal} to the ${target} during ${moment}`
  expect(exit, `${where}; output:\n${app.output.slice(-3000)}`).toEqual({ code: 0, signal: null })
  // Every request sent before the signal is answered in full, none cut, and some were still being planned when the signal came.
  if (answers) {
    const answered = await answers
    for (const { status } of answered) expect(status, `${where}; output:\n${app.output.slice(-3000)}`).toBe(200)
    expect(
      answered.some(({ at }) => at > signalledAt),
      `${where}: every answer came before the signal`,
    ).toBe(true)
  }
  if (postgres !== undefined) {
    while (running(postgres) && Date.now() - signalledAt < POSTGRES_GONE_MS) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(running(postgres), `${where}: PostgreSQL still runs ${POSTGRES_GONE_MS} ms after the signal`).toBe(false)
  }
  expect(fs.existsSync(path.join(dataDir, 'server.pid')), `${where}: the DATA_DIR lock is left behind`).toBe(false)
}

describe('a signalled stop', () => {
  it('is clean 20 times in a row: each signal, to the process or its group, when idle, serving or importing', { timeout: 1_200_000 }, async () => {
    const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']
    const targets: Target[] = ['process', 'group']
    const moments: Moment[] = ['idle', 'requests', 'idle', 'requests', 'import']
    const runs = Array.from({ length: 20 }, (_, i) => ({ signal: signals[i % 2]!, target: targets[Math.floor(i / 2) % 2]!, moment: moments[i % 5]! }))
    const shared = newDataDir()
    for (const { signal, target, moment } of runs) {
      if (moment !== 'import') {
        await stopAt(shared, moment, signal, target)
        continue
      }
      // The import of a first start, stopped: its transaction is rolled back, so no place is left half-imported
      // and the next start imports again (once here: the whole world catalog takes a while).
      const fresh = newDataDir()
      await stopAt(fresh, 'import', signal, target)
      const server = await startEmbeddedPostgres(fresh)
      const database = connect(server.url, { max: 1 })
      const places = await database.db
        .selectFrom('attractions')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
      await database.close()
      await server.stop()
      expect(Number(places.count), `${signal} to the ${target} during the import: places left`).toBe(0)
      if (signal !== 'SIGINT' || target !== 'group') continue
      const again = await start(fresh, 'world')
      await until(() => healthy(again.baseUrl), 'the start after a stopped import', again)
      expect(again.output).toContain('imported the world places catalog')
      process.kill(again.child.pid!, 'SIGTERM')
      expect(await again.exited).toEqual({ code: 0, signal: null })
    }
  })
})
