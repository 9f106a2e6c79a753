import { Effect, Layer, ManagedRuntime } from 'effect'
import { afterAll, describe, expect, it } from 'vitest'
import { HttpHeaders, HttpStatus } from '../../../platform/errors.ts'
import { KIND_PROFILES, KINDS, type Attraction } from '../../places/domain.ts'
import { PACE_SETTINGS } from './pace.ts'
import { planCity, type CityPlanRequest } from './plan-city.ts'
import { PlannerPool } from './planner-pool.ts'

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
})
