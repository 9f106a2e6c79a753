import { Context, Effect, Layer, Schema } from 'effect'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { HttpHeaders, HttpStatus } from '../../../platform/errors.ts'
import { itineraryCalendar, type CalendarInput } from './calendar.ts'
import { planCity, type CityPlanRequest, type DayPlan } from './plan-city.ts'

/** Every planner thread is busy and the queue is full: try again shortly. */
export class PlannerBusy extends Schema.TaggedError<PlannerBusy>()('PlannerBusy', {}) {
  readonly [HttpStatus] = 503
  readonly [HttpHeaders] = { 'Retry-After': '2' }
  override get message() {
    return 'Too many itineraries are being planned right now. Please try again in a few seconds.'
  }
}

/** Every thread the pool lends calendars is busy: try again shortly. */
export class CalendarBusy extends Schema.TaggedError<CalendarBusy>()('CalendarBusy', {}) {
  readonly [HttpStatus] = 503
  readonly [HttpHeaders] = { 'Retry-After': '2' }
  override get message() {
    return 'Too many calendars are being made right now. Please try again in a few seconds.'
  }
}

export interface PlannerPoolOptions {
  /** Worker threads (default: one per core). */
  readonly threads?: number
  /** Plans that may wait for a thread before new ones are refused with a 503 (default: 16 per thread). */
  readonly maxQueue?: number
  /** Start the threads at once (default) rather than on the first plan (tests that may never plan). */
  readonly warm?: boolean
  /** The worker's module: the built one in production; by default the source, loaded through tsx. */
  readonly worker?: PlannerWorker
}

export interface PlannerWorker {
  readonly file: string
  /** Node options of the worker threads (the source worker needs tsx's loader). */
  readonly execArgv?: readonly string[]
}

/**
 * The route solver is pure and CPU-heavy: it runs in a pool of worker threads sized to the cores, so the
 * event loop keeps answering pages and calls while trips are planned. The threads run at a lower
 * priority than the event loop (niceness), and a bounded queue turns overload into a quick 503.
 */
export interface PlannerPoolService {
  readonly plan: (request: CityPlanRequest) => Effect.Effect<DayPlan[], PlannerBusy>
  /** An itinerary's .ics text (undefined when no day has a date), built on a pool thread. */
  readonly calendar: (input: CalendarInput) => Effect.Effect<string | undefined, PlannerBusy | CalendarBusy>
}

export class PlannerPool extends Context.Service<PlannerPool, PlannerPoolService>()('roam/PlannerPool') {
  static layer(options: PlannerPoolOptions = {}) {
    return Layer.effect(
      PlannerPool,
      Effect.acquireRelease(
        Effect.sync(() => startPool(options)),
        (pool) => piscina(() => pool.destroy()),
      ).pipe(Effect.map((pool) => PlannerPool.of(onPool(pool)))),
    )
  }

  /** Plans on the calling thread: for benches that measure plan quality, not the server's responsiveness. */
  static readonly inProcess = Layer.succeed(
    PlannerPool,
    PlannerPool.of({ plan: (request) => Effect.sync(() => planCity(request)), calendar: (input) => Effect.sync(() => itineraryCalendar(input)) }),
  )
}

/** piscina answers with promises: here, and only here, they become Effects. */
const piscina = <A>(run: () => Promise<A>) => Effect.promise(run)

/** The worker as source: tests, benchmarks and `astro dev` run the modules through tsx or Vite. */
const SOURCE_WORKER: PlannerWorker = {
  file: path.join(path.dirname(fileURLToPath(import.meta.url)), 'plan-worker.ts'),
  execArgv: ['--import', 'tsx'],
}

function startPool(options: PlannerPoolOptions): Piscina {
  const threads = options.threads ?? os.availableParallelism()
  const worker = options.worker ?? SOURCE_WORKER
  return new Piscina({
    filename: worker.file,
    execArgv: [...(worker.execArgv ?? [])],
    minThreads: options.warm === false ? 0 : threads,
    maxThreads: threads,
    idleTimeout: options.warm === false ? 1000 : 0,
    maxQueue: options.maxQueue ?? threads * 16,
    niceIncrement: 10,
  })
}

/**
 * Plans on the pool, or refuses at once when every thread is busy and the queue is full. The count is
 * ours: piscina does not bound tasks that carry an abort signal, and a running plan is not worth
 * aborting (a plan is a few hundred milliseconds of one thread). Calendars (a download, not a traveller
 * waiting at the planner) may hold at most one task a thread, running or queued: a flood of downloads
 * then answers 503 while generation keeps the rest of the pool.
 */
function onPool(pool: Piscina): PlannerPoolService {
  const threads = pool.options.maxThreads
  const capacity = threads + pool.options.maxQueue
  let inFlight = 0
  let calendars = 0
  const run = <A>(task: unknown, name?: string): Effect.Effect<A, PlannerBusy> =>
    Effect.suspend(() => {
      if (inFlight >= capacity) return Effect.fail(new PlannerBusy())
      inFlight++
      return piscina(() => pool.run(task, name ? { name } : {}) as Promise<A>).pipe(Effect.ensuring(Effect.sync(() => inFlight--)))
    })
  const calendar = (input: CalendarInput): Effect.Effect<string | undefined, PlannerBusy | CalendarBusy> =>
    Effect.suspend((): Effect.Effect<string | undefined, PlannerBusy | CalendarBusy> => {
      if (calendars >= threads) return Effect.fail(new CalendarBusy())
      calendars++
      return run<string | undefined>(input, 'calendar').pipe(Effect.ensuring(Effect.sync(() => calendars--)))
    })
  return { plan: (request) => run(request), calendar }
}
