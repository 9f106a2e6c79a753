import { Effect, Layer, ManagedRuntime } from 'effect'
import { afterAll, describe, expect, it } from 'vitest'
import { HttpHeaders, HttpStatus } from '../../../platform/errors.ts'
import { KIND_PROFILES, KINDS, type Attraction } from '../../places/domain.ts'
import { PACE_SETTINGS } from './pace.ts'
import { planCity, type CityPlanRequest } from './plan-city.ts'
import type { CalendarInput } from './calendar.ts'
import { PlannerPool, type CalendarBusy, type PlannerBusy } from './planner-pool.ts'

/** A big city: 300 places spread over 15 km, ten days to fill. */
function bigCity(): CityPlanRequest {
  const attractions: Attraction[] = Array.from({ length: 300 }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!
    const profile = KIND_PROFILES[kind]
    return {
      id: `p${i}`,
      name: `Place ${i}`,
      address: null,
      city: 'Bigtown',
      cityId: 'big',
      latitude: 48.8 + ((i * 37) % 100) / 800,
      longitude: 2.3 + ((i * 61) % 100) / 600,
      kind,
      themes: profile.themes,
      popularity: ((i * 17) % 100) / 100,
      visitMinutes: profile.visitMinutes,
      opensAt: profile.opensAt,
      closesAt: profile.closesAt,
      rating: null,
      reviewsCount: null,
    }
  })
  return { attractions, days: 10, pace: PACE_SETTINGS['fast-paced'], themes: ['tourist-attractions', 'cultural-historical'] }
}

const runtimeWith = (options: Parameters<typeof PlannerPool.layer>[0]) => {
  const runtime = ManagedRuntime.make(PlannerPool.layer(options) as Layer.Layer<PlannerPool>)
  afterAll(() => runtime.dispose())
  return runtime
}

describe('the planner pool', () => {
  const runtime = runtimeWith({ threads: 1, maxQueue: 1 })

  it('plans off the event loop, with the same result as planning in place', async () => {
    const request = bigCity()
    let ticks = 0
    const ticker = setInterval(() => ticks++, 5)
    const started = performance.now()
    const planned = await runtime.runPromise(PlannerPool.use((pool) => pool.plan(request)))
    const ms = performance.now() - started
    clearInterval(ticker)
    expect(planned).toHaveLength(10)
    // The event loop kept ticking while the solver worked (a solver on this thread would allow none).
    expect(ticks).toBeGreaterThan(ms / 5 / 4)
    expect(JSON.stringify(planned)).toBe(JSON.stringify(planCity(request)))
  })

  it('refuses plans beyond its queue with a 503 that says when to retry', async () => {
    const request = bigCity()
    const plan = PlannerPool.use((pool) => pool.plan(request)).pipe(
      Effect.as('planned'),
      Effect.catchTag('PlannerBusy', (busy) => Effect.succeed(`${busy[HttpStatus]} Retry-After ${busy[HttpHeaders]['Retry-After']}`)),
    )
    // One thread, one place in the queue: of four at once, two are refused.
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => runtime.runPromise(plan)))
    expect(outcomes.sort()).toEqual(['503 Retry-After 2', '503 Retry-After 2', 'planned', 'planned'])
  })
  describe('with calendars', () => {
    const shared = runtimeWith({ threads: 2, maxQueue: 8 })
    const long: CalendarInput = {
      title: 'Long trip',
      uidPrefix: 'trip',
      days: Array.from({ length: 60 }, (_, day) => ({
        day: day + 1,
        date: `2027-0${1 + Math.floor(day / 28)}-${String(1 + (day % 28)).padStart(2, '0')}`,
        city: 'Paris',
        places: Array.from({ length: 10 }, (_, k) => ({
          id: `p${day}-${k}`,
          name: `Place ${k}`,
          address: null,
          rating: null,
          reviews_count: null,
          visit_duration: 1,
          start_time: 9 + k,
          travel_time_from_previous: 10,
          city: 'Paris',
          coordinates: { latitude: 48.85, longitude: 2.35 },
          latitude: 48.85,
          longitude: 2.35,
        })),
      })),
    }

    it('keeps room for plans while a flood of calendar downloads is refused', async () => {
      const outcome = (effect: Effect.Effect<unknown, PlannerBusy | CalendarBusy, PlannerPool>) =>
        shared.runPromise(
          effect.pipe(Effect.as('done'), Effect.catchTags({ PlannerBusy: () => Effect.succeed('busy'), CalendarBusy: () => Effect.succeed('busy') })),
        )
      const calendars = Array.from({ length: 48 }, () => outcome(PlannerPool.use((pool) => pool.calendar(long))))
      const plans = Array.from({ length: 4 }, () => outcome(PlannerPool.use((pool) => pool.plan(bigCity()))))
      expect(await Promise.all(plans)).toEqual(['done', 'done', 'done', 'done'])
      const downloads = await Promise.all(calendars)
      expect(downloads.filter((answer) => answer === 'done')).toHaveLength(2)
      expect(downloads.filter((answer) => answer === 'busy')).toHaveLength(46)
    })
  })
})
