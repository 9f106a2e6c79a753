import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile } from './compiled.ts'
import type { Problem } from './problem.ts'
import { RoutePool } from './route-pool.ts'

/** Vertices 1..n that fit any tour on their own; tours get the given windows. */
function openProblem(n: number, windows: ReadonlyArray<readonly [number, number]>): Problem {
  return {
    vertices: Array.from({ length: n }, (_, k) => ({ score: k + 1, service: 1, open: 0, close: 1000 })),
    travel: Array.from({ length: n + 1 }, () => new Array<number>(n + 1).fill(1)),
    tours: windows.map(([start, end]) => ({ start, end })),
  }
}

const asRoute = (vertices: readonly number[]) => Int32Array.from([0, ...vertices, 0])
const scoreOf = (vertices: readonly number[]) => vertices.reduce((sum, v) => sum + v, 0)

/** Best total over every choice of one offered route (or none) per tour, pairwise disjoint, each in its own class. */
function bruteForce(offers: ReadonlyArray<{ tour: number; vertices: number[] }>, classes: Int32Array): number {
  const m = classes.length
  let best = 0
  const pick = (t: number, used: Set<number>, total: number) => {
    if (t === m) {
      best = Math.max(best, total)
      return
    }
    pick(t + 1, used, total)
    for (const offer of offers) {
      if (classes[offer.tour] !== classes[t] || offer.vertices.some((v) => used.has(v))) continue
      const next = new Set(used)
      for (const v of offer.vertices) next.add(v)
      pick(t + 1, next, total + scoreOf(offer.vertices))
    }
  }
  pick(0, new Set(), 0)
  return best
}

const offersArbitrary = (n: number, m: number) =>
  fc.array(
    fc.record({
      tour: fc.integer({ min: 0, max: m - 1 }),
      vertices: fc.uniqueArray(fc.integer({ min: 1, max: n }), { minLength: 1, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 9 },
  )

describe('RoutePool', () => {
  it('finds the best disjoint combination of the routes offered, one per tour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.boolean(), (m, mixed) =>
        fc.assert(
          fc.property(offersArbitrary(10, m), (offers) => {
            // Mixed: the last tour has another window, so it cannot take routes found in the others.
            const windows = Array.from({ length: m }, (_, t): [number, number] => (mixed && t === m - 1 ? [0, 999] : [0, 1000]))
            const pool = new RoutePool(compile(openProblem(10, windows)), 100)
            for (const offer of offers) pool.offer(offer.tour, asRoute(offer.vertices), scoreOf(offer.vertices))
            const optimum = bruteForce(offers, pool.tourClass)
            const packing = pool.bestPacking(1_000_000, -1)
            expect(packing?.score).toBe(optimum)
            // Each tour holds a route offered in its class, and no vertex is used twice.
            const seen = new Set<number>()
            packing!.tours.forEach((tour, t) => {
              const vertices = [...tour.subarray(1, tour.length - 1)]
              for (const v of vertices) {
                expect(seen.has(v)).toBe(false)
                seen.add(v)
              }
              if (vertices.length > 0) {
                const key = [...vertices].sort((a, b) => a - b).join()
                expect(offers.some((o) => pool.tourClass[o.tour] === pool.tourClass[t] && [...o.vertices].sort((a, b) => a - b).join() === key)).toBe(true)
              }
            })
            expect(scoreOf(packing!.tours.flatMap((tour) => [...tour.subarray(1, tour.length - 1)]))).toBe(optimum)
            // Only strictly better packings are returned.
            expect(pool.bestPacking(1_000_000, optimum)).toBeNull()
          }),
          { numRuns: 40 },
        ),
      ),
      { numRuns: 6 },
    )
  })

  it('keeps one route per vertex set and, when full, the best-scoring ones', () => {
    const pool = new RoutePool(compile(openProblem(6, [[0, 1000]])), 2)
    pool.offer(0, asRoute([1, 2]), 3)
    pool.offer(0, asRoute([2, 1]), 3)
    expect(pool.size).toBe(1)
    pool.offer(0, asRoute([3]), 3)
    pool.offer(0, asRoute([6]), 6)
    expect(pool.size).toBe(2)
    expect(pool.bestPacking(1000, -1)!.score).toBe(6)
  })
})
