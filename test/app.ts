import { Clock, Effect, Layer, ManagedRuntime } from 'effect'
import { afterAll } from 'vitest'
import { apiRouter } from '../src/app/api-router.ts'
import { apiRoutes } from '../src/app/api-routes.ts'
import { appLayer, type AppServices } from '../src/app/layer.ts'
import { registry } from '../src/app/registry.ts'
import { ensureProjections } from '../src/events/rebuild.ts'
import { PlannerPool } from '../src/modules/itinerary/planner/planner-pool.ts'
import { Mailer, type MailMessage } from '../src/modules/mail/mailer.ts'
import { jobDefinitions } from '../src/app/jobs.ts'
import { loadConfig } from '../src/platform/config.ts'
import { JobQueue } from '../src/platform/jobs.ts'
import { runHandler, type ApiRequest, type Handler } from '../src/platform/http.ts'
import { createLogger } from '../src/platform/logging.ts'
import { freshDatabase } from './database.ts'

export const BASE_URL = 'http://roam.test'

/** A mailer that keeps what it sends, and can be told to fail like an unreachable SMTP server. */
export class RecordingMailer {
  readonly sent: MailMessage[] = []
  failing = false
  async send(message: MailMessage) {
    if (this.failing) throw new Error('SMTP server unreachable')
    this.sent.push(message)
  }
  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((message) => message.to === email).at(-1)
  }
}

/** A clock the test moves by hand (timers and monotonic time stay real). */
export class TestClock {
  constructor(private current = new Date('2026-06-01T09:00:00Z').getTime()) {}
  now = () => new Date(this.current)
  advance(ms: number) {
    this.current += ms
  }
  set(date: Date) {
    this.current = date.getTime()
  }
  layer(): Layer.Layer<never> {
    const real = Effect.runSync(Clock.clockWith(Effect.succeed))
    const millis = () => this.current
    const clock: Clock.Clock = {
      currentTimeMillisUnsafe: millis,
      currentTimeMillis: Effect.sync(millis),
      currentTimeNanosUnsafe: () => BigInt(millis()) * 1_000_000n,
      currentTimeNanos: Effect.sync(() => BigInt(millis()) * 1_000_000n),
      monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: real.monotonicTimeNanos,
      sleep: (duration) => real.sleep(duration),
    }
    return Layer.succeed(Clock.Clock, clock) as Layer.Layer<never>
  }
}

export interface CallOptions {
  readonly method?: string
  readonly body?: unknown
  readonly rawBody?: string
  /** A multipart body (the boundary header is set from it). */
  readonly form?: FormData
  readonly token?: string
  readonly cookie?: string
  readonly headers?: Record<string, string>
  readonly clientAddress?: string
  /** The route's parameters; by default read from `path` as the server reads them, when the path is the handler's route. */
  readonly params?: Record<string, string>
}

const findRoute = apiRouter(apiRoutes)

let addresses = 0
/** A new client address for each call that names none, so per-address limits of one test never touch another's. */
const nextAddress = () => {
  addresses++
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
}

export interface Answer {
  readonly status: number
  readonly body: any
  readonly headers: Headers
  readonly setCookie: string | null
}

/** The parameters the server would hand `handler` for this path; none when the path is not the handler's route. */
function routeParams(handler: Handler<AppServices>, method: string, pathname: string): Record<string, string> {
  const found = findRoute(method, pathname)
  return found?.route.handler === handler ? found.params : {}
}

/**
 * The whole app on a fresh database: the real services (event store with every projection, places,
 * config) with a test clock and a recording mailer. `call` runs an endpoint handler as a page would.
 */
export async function testApp(options: { publicBaseUrl?: string; env?: Record<string, string> } = {}) {
  const database = await freshDatabase()
  await ensureProjections(database.db, registry)
  const mailer = new RecordingMailer()
  const clock = new TestClock()
  const logger = createLogger(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent')
  const config = {
    // Offline unless a test says otherwise: the default would fill thin destinations from OpenStreetMap.
    ...loadConfig({ DATA_DIR: '/nonexistent', PLACES_PROVIDER: 'catalog', ...options.env }),
    publicBaseUrl: options.publicBaseUrl ?? BASE_URL,
    databaseUrl: database.url,
    authSecret: 'test-secret-test-secret-test-secret-42',
  }
  // The job queue installs its schema on first use; tests run waiting jobs with `runJobs`.
  const jobs = new JobQueue(database.url, jobDefinitions, logger)
  const services = appLayer(
    { config, db: database.db, logger, jobs },
    { mailer: Mailer.fromTransport(mailer), plannerPool: PlannerPool.layer({ warm: false }) },
  )
  const layer = Layer.merge(services, clock.layer())
  const runtime = ManagedRuntime.make(layer as Layer.Layer<AppServices>)
  afterAll(async () => {
    await jobs.stop()
    await runtime.dispose()
  })

  async function call(handler: Handler<AppServices>, path: string, callOptions: CallOptions = {}): Promise<Answer> {
    // A form goes as the bytes a browser would send: a FormData body stream cannot be cancelled cleanly
    // (undici enqueues into it after a refused upload has cancelled it), a network body can.
    const encodedForm = callOptions.form && new Response(callOptions.form)
    const headers: Record<string, string> = encodedForm
      ? { 'content-type': encodedForm.headers.get('content-type')!, ...callOptions.headers }
      : { 'content-type': 'application/json', ...callOptions.headers }
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`
    if (callOptions.cookie) headers.cookie = callOptions.cookie
    const hasBody = callOptions.body !== undefined || callOptions.rawBody !== undefined || callOptions.form !== undefined
    const method = callOptions.method ?? (hasBody ? 'POST' : 'GET')
    const payload = encodedForm
      ? await encodedForm.arrayBuffer()
      : (callOptions.rawBody ?? (callOptions.body === undefined ? '' : JSON.stringify(callOptions.body)))
    const body = method === 'GET' ? undefined : payload
    // As a browser sends it: the body's length declared (limits count a request's size before reading it).
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length'))
      headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
    const url = new URL(path, BASE_URL)
    const request: ApiRequest = {
      request: new Request(url, { method, headers, body }),
      url,
      params: callOptions.params ?? routeParams(handler, method, url.pathname),
      clientAddress: callOptions.clientAddress ?? nextAddress(),
    }
    const response = await runHandler(runtime, handler, request, { requestId: 'test', logger })
    // JSON and text (e.g. calendars) as text; media as bytes.
    const type = response.headers.get('content-type') ?? 'application/json'
    const raw = Buffer.from(await response.arrayBuffer())
    const answer = raw.length === 0 ? null : type.includes('json') ? JSON.parse(raw.toString('utf8')) : type.startsWith('text/') ? raw.toString('utf8') : raw
    return { status: response.status, body: answer, headers: response.headers, setCookie: response.headers.get('set-cookie') }
  }

  /** Runs any Effect of the app (a command, a query) on the test runtime. */
  const run = <A, E>(effect: Effect.Effect<A, E, AppServices>) => runtime.runPromise(effect)

  /** Runs every waiting job of a queue in this process, as a worker would. */
  const runJobs = (name: string) => jobs.drain(name, (effect) => runtime.runPromise(effect))

  return { database, db: database.db, runtime, config, logger, run, mailer, clock, call, jobs, runJobs }
}
