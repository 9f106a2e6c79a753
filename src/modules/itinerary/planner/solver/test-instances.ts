import fc from 'fast-check'
import type { Problem } from './problem.ts'

/** Random TOPTW instances for tests: Euclidean travel rounded down to 0.1, varied windows and budgets. */
export interface InstanceShape {
  readonly minVertices: number
  readonly maxVertices: number
  readonly maxTours: number
}

export function euclideanTravel(points: ReadonlyArray<readonly [number, number]>): number[][] {
  return points.map(([ax, ay]) => points.map(([bx, by]) => Math.floor(Math.hypot(ax - bx, ay - by) * 10) / 10))
}

export const problemArbitrary = (shape: InstanceShape): fc.Arbitrary<Problem> =>
  fc
    .record({
      depot: fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })),
      vertices: fc.array(
        fc.record({
          x: fc.integer({ min: 0, max: 100 }),
          y: fc.integer({ min: 0, max: 100 }),
          service: fc.integer({ min: 0, max: 30 }),
          score: fc.integer({ min: 0, max: 40 }),
          open: fc.integer({ min: 0, max: 400 }),
          width: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 600 })),
          // Some vertices close before anyone can reach them.
          unreachable: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
        }),
        { minLength: shape.minVertices, maxLength: shape.maxVertices },
      ),
      tours: fc.integer({ min: 1, max: shape.maxTours }),
      end: fc.oneof(fc.integer({ min: 30, max: 200 }), fc.integer({ min: 200, max: 1000 })),
      staggered: fc.boolean(),
    })
    .map(({ depot, vertices, tours, end, staggered }) => {
      const travel = euclideanTravel([depot, ...vertices.map((v) => [v.x, v.y] as const)])
      return {
        vertices: vertices.map((v, k) => {
          const open = v.unreachable ? 0 : v.open
          const close = v.unreachable ? Math.max(0, travel[0]![k + 1]! - 1) : v.open + v.width
          return { score: v.score, service: v.service, open, close }
        }),
        travel,
        tours: Array.from({ length: tours }, (_, t) => (staggered ? { start: 50 * t, end: end + 50 * t } : { start: 0, end })),
      }
    })

/**
 * Optimal score by exhaustive search: for each tour, which vertex subsets can be served (earliest-time dynamic
 * programme over subsets and last vertex), then the best assignment of disjoint subsets to tours.
 * Exponential: for instances of up to ~9 vertices.
 */
export function bruteForceOptimum(problem: Problem): number {
  const n = problem.vertices.length
  const full = (1 << n) - 1
  const scoreOf = new Float64Array(1 << n)
  for (let s = 1; s <= full; s++) {
    const low = 31 - Math.clz32(s & -s)
    scoreOf[s] = scoreOf[s & (s - 1)]! + problem.vertices[low]!.score
  }
  const feasible = problem.tours.map((window, t) => servable(problem, t, window.start, window.end))
  // best[k][u]: best score with tours k.. using only vertices in u.
  let next = new Float64Array(1 << n)
  for (let t = problem.tours.length - 1; t >= 0; t--) {
    const current = new Float64Array(1 << n)
    const ok = feasible[t]!
    for (let u = 0; u <= full; u++) {
      let best = next[u]!
      for (let s = u; s > 0; s = (s - 1) & u) {
        if (ok[s] === 1) best = Math.max(best, scoreOf[s]! + next[u & ~s]!)
      }
      current[u] = best
    }
    next = current
  }
  return next[full]!
}

function servable(problem: Problem, t: number, start: number, end: number): Uint8Array {
  const n = problem.vertices.length
  const size = 1 << n
  // earliest[s * n + v]: earliest departure from v having served exactly s, ending at v.
  const earliest = new Float64Array(size * n).fill(Infinity)
  const ok = new Uint8Array(size)
  ok[0] = 1
  for (let v = 0; v < n; v++) {
    const vertex = problem.vertices[v]!
    if (vertex.allowedTours && !vertex.allowedTours.includes(t)) continue
    const arrival = start + problem.travel[0]![v + 1]!
    if (arrival <= vertex.close + 1e-9) earliest[(1 << v) * n + v] = Math.max(arrival, vertex.open) + vertex.service
  }
  for (let s = 1; s < size; s++) {
    for (let v = 0; v < n; v++) {
      const time = earliest[s * n + v]!
      if (time === Infinity) continue
      if (time + problem.travel[v + 1]![0]! <= end + 1e-9) ok[s] = 1
      for (let w = 0; w < n; w++) {
        if (s & (1 << w)) continue
        const vertex = problem.vertices[w]!
        if (vertex.allowedTours && !vertex.allowedTours.includes(t)) continue
        const arrival = time + problem.travel[v + 1]![w + 1]!
        if (arrival > vertex.close + 1e-9) continue
        const key = (s | (1 << w)) * n + w
        const leave = Math.max(arrival, vertex.open) + vertex.service
        if (leave < earliest[key]!) earliest[key] = leave
      }
    }
  }
  return ok
}
