import type { Problem } from './problem.ts'

/** The problem in flat typed arrays, indexed by node (0 = depot), as the search reads it. */
export interface Compiled {
  /** Number of nodes, depot included. */
  readonly n: number
  /** Number of tours. */
  readonly m: number
  /** Row-major n × n travel times. */
  readonly dist: Float64Array
  readonly service: Float64Array
  readonly score: Float64Array
  readonly open: Float64Array
  readonly close: Float64Array
  readonly tourStart: Float64Array
  readonly tourEnd: Float64Array
  /** allowed[v * m + t] = 1 when node v may be visited in tour t. */
  readonly allowed: Uint8Array
  /** fixed[v] = 1 when node v is pre-placed: never removed by a perturbation. */
  readonly fixed: Uint8Array
  /** Nodes worth considering: positive score and at least one tour where [depot, v, depot] fits. */
  readonly candidates: Int32Array
}

/** Tolerance for comparing times that went through floating-point sums. */
export const EPS = 1e-7

/** Stands in for an unbounded time so that window arithmetic never produces NaN. */
const FAR = 1e15

function finite(x: number, fallback: number): number {
  return Number.isFinite(x) ? x : fallback
}

export function compile(problem: Problem): Compiled {
  const n = problem.vertices.length + 1
  const m = problem.tours.length
  if (problem.travel.length !== n) throw new Error(`travel matrix has ${problem.travel.length} rows, expected ${n}`)
  const dist = new Float64Array(n * n)
  for (let i = 0; i < n; i++) {
    const row = problem.travel[i]!
    if (row.length !== n) throw new Error(`travel matrix row ${i} has ${row.length} entries, expected ${n}`)
    for (let j = 0; j < n; j++) {
      const d = row[j]!
      if (!(d >= 0) || !Number.isFinite(d)) throw new Error(`travel[${i}][${j}] must be a finite number ≥ 0`)
      dist[i * n + j] = d
    }
  }
  const service = new Float64Array(n)
  const score = new Float64Array(n)
  const open = new Float64Array(n)
  const close = new Float64Array(n)
  open[0] = -FAR
  close[0] = FAR
  problem.vertices.forEach((v, k) => {
    const i = k + 1
    service[i] = finite(v.service, 0)
    score[i] = finite(v.score, 0)
    open[i] = finite(v.open, -FAR)
    close[i] = finite(v.close, FAR)
  })
  const tourStart = new Float64Array(m)
  const tourEnd = new Float64Array(m)
  problem.tours.forEach((t, k) => {
    tourStart[k] = finite(t.start, -FAR)
    tourEnd[k] = finite(t.end, FAR)
  })
  const fixed = new Uint8Array(n)
  problem.vertices.forEach((v, k) => {
    if (v.fixed) fixed[k + 1] = 1
  })
  const allowed = new Uint8Array(n * m)
  const candidates: number[] = []
  for (let v = 1; v < n; v++) {
    const vertex = problem.vertices[v - 1]!
    const tours = vertex.allowedTours ? new Set(vertex.allowedTours) : null
    let any = false
    for (let t = 0; t < m; t++) {
      if (tours && !tours.has(t)) continue
      if (score[v]! <= 0 || !fitsAlone(v, t, dist, n, service, open, close, tourStart, tourEnd)) continue
      allowed[v * m + t] = 1
      any = true
    }
    if (any) candidates.push(v)
  }
  return { n, m, dist, service, score, open, close, tourStart, tourEnd, allowed, fixed, candidates: Int32Array.from(candidates) }
}

function fitsAlone(
  v: number,
  t: number,
  dist: Float64Array,
  n: number,
  service: Float64Array,
  open: Float64Array,
  close: Float64Array,
  tourStart: Float64Array,
  tourEnd: Float64Array,
): boolean {
  const arrival = tourStart[t]! + dist[v]!
  if (arrival > close[v]! + EPS) return false
  const start = Math.max(arrival, open[v]!)
  return start + service[v]! + dist[v * n]! <= tourEnd[t]! + EPS
}
