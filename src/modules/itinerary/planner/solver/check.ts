import type { Problem } from './problem.ts'

export interface CheckResult {
  readonly feasible: boolean
  /** Score recomputed from the routes (0 when infeasible). */
  readonly score: number
  /** Total travel recomputed from the routes. */
  readonly travel: number
  readonly violations: ReadonlyArray<string>
}

/**
 * Independent feasibility check of tours given as node sequences (depot excluded), recomputing every time
 * from the problem itself: each vertex at most once, only in tours it is allowed in, service starting within
 * its window (waiting allowed), back at the depot by the tour's end. Nothing the solver reports is trusted.
 */
export function checkTours(problem: Problem, tours: ReadonlyArray<ReadonlyArray<number>>, tolerance = 1e-6): CheckResult {
  const violations: string[] = []
  const n = problem.vertices.length
  if (tours.length !== problem.tours.length) violations.push(`${tours.length} tours, expected ${problem.tours.length}`)
  const seen = new Set<number>()
  let score = 0
  let travel = 0
  tours.forEach((sequence, t) => {
    const window = problem.tours[t]
    if (!window) return
    let time = window.start
    let at = 0
    for (const node of sequence) {
      if (!Number.isInteger(node) || node < 1 || node > n) {
        violations.push(`tour ${t}: ${node} is not a vertex`)
        return
      }
      const vertex = problem.vertices[node - 1]!
      if (seen.has(node)) violations.push(`vertex ${node} visited more than once`)
      seen.add(node)
      if (vertex.allowedTours && !vertex.allowedTours.includes(t)) violations.push(`vertex ${node} is not allowed in tour ${t}`)
      const leg = problem.travel[at]![node]!
      travel += leg
      const arrival = time + leg
      const start = Math.max(arrival, vertex.open)
      if (start > vertex.close + tolerance) violations.push(`tour ${t}: vertex ${node} starts at ${start}, after its close ${vertex.close}`)
      score += vertex.score
      time = start + vertex.service
      at = node
    }
    const back = problem.travel[at]![0]!
    travel += back
    const returnTime = time + back
    if (returnTime > window.end + tolerance) violations.push(`tour ${t}: returns at ${returnTime}, after its end ${window.end}`)
  })
  const feasible = violations.length === 0
  return { feasible, score: feasible ? score : 0, travel, violations }
}
