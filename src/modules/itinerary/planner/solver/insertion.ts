import { EPS } from './compiled.ts'
import type { Routes } from './routes.ts'

/**
 * Greedy insertion after Vansteenwegen et al. (2009): each unvisited vertex's cheapest feasible position
 * (smallest Shift, checked in O(1) against Wait + MaxShift of the next visit) is cached per tour, and the
 * vertex with the best score^2 / Shift is inserted until nothing fits. Only tours that changed (Routes.version)
 * are re-scanned.
 */
export class Insertion {
  private readonly bestShift: Float64Array
  private readonly bestPos: Int32Array
  /** Unvisited candidates, in a deterministic order, with each one's index in the list (-1 = not in it). */
  private readonly pool: Int32Array
  private readonly poolIndex: Int32Array
  private poolSize = 0
  /** Version of each tour when its positions were cached (see Routes.version). */
  private readonly evaluatedAt: Int32Array
  /** Vertices released since the last fill, not yet evaluated in the tours that are up to date. */
  private readonly fresh: number[] = []

  constructor(private readonly routes: Routes) {
    const { n, m } = routes.p
    this.bestShift = new Float64Array(n * m)
    this.bestPos = new Int32Array(n * m).fill(-1)
    this.pool = new Int32Array(n)
    this.poolIndex = new Int32Array(n).fill(-1)
    this.evaluatedAt = new Int32Array(m).fill(-1)
    for (const v of routes.p.candidates) if (routes.tourOf[v] === -1) this.add(v)
  }

  get unvisitedCount(): number {
    return this.poolSize
  }

  unvisited(i: number): number {
    return this.pool[i]!
  }

  /** Vertex v left its tour and may be inserted again. */
  release(v: number): void {
    if (this.poolIndex[v] !== -1) return
    this.add(v)
    this.fresh.push(v)
  }

  /** Vertex v entered a tour by another move than `fill`. */
  take(v: number): void {
    const i = this.poolIndex[v]!
    if (i === -1) return
    const last = this.pool[--this.poolSize]!
    this.pool[i] = last
    this.poolIndex[last] = i
    this.poolIndex[v] = -1
  }

  /** Rebuilds the pool after the routes were restored from a snapshot. */
  reset(): void {
    for (let i = 0; i < this.poolSize; i++) this.poolIndex[this.pool[i]!] = -1
    this.poolSize = 0
    this.fresh.length = 0
    for (const v of this.routes.p.candidates) if (this.routes.tourOf[v] === -1) this.add(v)
    this.evaluatedAt.fill(-1)
  }

  private add(v: number): void {
    this.poolIndex[v] = this.poolSize
    this.pool[this.poolSize++] = v
  }

  /**
   * Inserts vertices until none fits, best score^2 / Shift first. Vertices flagged in `tabu` wait until
   * nothing else fits. Returns how many vertices were inserted.
   */
  fill(tabu: Uint8Array | null): number {
    this.update()
    const { m, score } = this.routes.p
    let inserted = 0
    let useTabu = tabu !== null
    for (;;) {
      let bestRatio = -1
      let bestV = -1
      let bestT = -1
      for (let i = 0; i < this.poolSize; i++) {
        const v = this.pool[i]!
        if (useTabu && tabu![v] === 1) continue
        const base = v * m
        const s = score[v]!
        const weight = s * s
        for (let t = 0; t < m; t++) {
          if (this.bestPos[base + t]! < 0) continue
          const shift = this.bestShift[base + t]!
          const ratio = weight / (shift > 1e-9 ? shift : 1e-9)
          if (ratio > bestRatio) {
            bestRatio = ratio
            bestV = v
            bestT = t
          }
        }
      }
      if (bestV < 0) {
        if (useTabu) {
          useTabu = false
          continue
        }
        return inserted
      }
      this.routes.insertAt(bestT, this.bestPos[bestV * m + bestT]!, bestV)
      this.routes.refresh(bestT)
      this.take(bestV)
      for (let t = 0; t < m; t++) this.bestPos[bestV * m + t] = -1
      this.narrowTour(bestT)
      inserted++
    }
  }

  /** Brings the cache up to date: stale tours for every unvisited vertex, fresh vertices for the other tours. */
  private update(): void {
    const { m } = this.routes.p
    for (const v of this.fresh) {
      if (this.poolIndex[v] === -1) continue
      for (let t = 0; t < m; t++) if (this.evaluatedAt[t] === this.routes.version[t]) this.evaluate(v, t)
    }
    this.fresh.length = 0
    for (let t = 0; t < m; t++) if (this.evaluatedAt[t] !== this.routes.version[t]) this.evaluateTour(t)
  }

  /**
   * After an insertion into tour t: a vertex that fitted nowhere in t still fits nowhere (an insertion only
   * delays later visits when travel times obey the triangle inequality), so only the others are re-scanned.
   */
  private narrowTour(t: number): void {
    const m = this.routes.p.m
    for (let i = 0; i < this.poolSize; i++) {
      const v = this.pool[i]!
      if (this.bestPos[v * m + t]! >= 0) this.evaluate(v, t)
    }
    this.evaluatedAt[t] = this.routes.version[t]!
  }

  private evaluateTour(t: number): void {
    for (let i = 0; i < this.poolSize; i++) this.evaluate(this.pool[i]!, t)
    this.evaluatedAt[t] = this.routes.version[t]!
  }

  private evaluate(v: number, t: number): void {
    const p = this.routes.p
    const { n, m, dist, service } = p
    const key = v * m + t
    this.bestPos[key] = -1
    if (p.allowed[key] === 0) return
    // With the triangle inequality an insertion delays the tour by at least the service time: skip the scan
    // when no position can absorb that much (the same assumption as narrowTour).
    if (service[v]! > this.routes.slack[t]! + EPS) return
    const r = this.routes.route[t]!
    const len = this.routes.len[t]!
    const start = this.routes.start[t]!
    const wait = this.routes.wait[t]!
    const maxShift = this.routes.maxShift[t]!
    const cv = p.close[v]! + EPS
    const ov = p.open[v]!
    const sv = service[v]!
    const row = v * n
    let best = Infinity
    let pos = -1
    for (let k = 0; k < len - 1; k++) {
      const i = r[k]!
      const departure = start[k]! + service[i]!
      if (departure > cv) break
      const di = dist[i * n + v]!
      const a = departure + di
      if (a > cv) continue
      const s = a < ov ? ov : a
      const j = r[k + 1]!
      const shift = di + (s - a) + sv + dist[row + j]! - dist[i * n + j]!
      if (shift > wait[k + 1]! + maxShift[k + 1]! + EPS) continue
      if (shift < best) {
        best = shift
        pos = k
      }
    }
    this.bestPos[key] = pos
    this.bestShift[key] = best
  }
}
