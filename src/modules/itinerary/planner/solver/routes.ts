import { type Compiled, EPS } from './compiled.ts'
import { concat, joined } from './segment.ts'

const FAR = 1e15

/**
 * The tours being searched: each tour is [depot, ...vertices, depot] with its schedule (Wait/MaxShift
 * bookkeeping of Vansteenwegen et al. 2009 for O(1) insertion checks) and its prefix/suffix time-window
 * segments (for O(1) checks of reordering moves).
 */
export class Routes {
  readonly route: Int32Array[]
  readonly len: Int32Array
  /** Service start at each position (for the end depot: the arrival). */
  readonly start: Float64Array[]
  readonly wait: Float64Array[]
  /** How much the arrival at a position may be delayed without breaking any later window or the return time. */
  readonly maxShift: Float64Array[]
  /** Prefix segments: route[0..k]. */
  readonly fD: Float64Array[]
  readonly fE: Float64Array[]
  readonly fL: Float64Array[]
  /** Travel of route[0..k]. */
  readonly fT: Float64Array[]
  /** Suffix segments: route[k..len-1]. */
  readonly bD: Float64Array[]
  readonly bE: Float64Array[]
  readonly bL: Float64Array[]
  readonly bT: Float64Array[]
  /** Tour of each node, -1 when unvisited. */
  readonly tourOf: Int32Array
  readonly tourScore: Float64Array
  /** Bumped by every refresh of a tour, so that caches can tell which tours changed. */
  readonly version: Int32Array
  /** Most time an insertion anywhere in the tour may add (max of Wait + MaxShift over its positions). */
  readonly slack: Float64Array

  constructor(readonly p: Compiled) {
    const cap = p.n + 2
    const make = () => Array.from({ length: p.m }, () => new Float64Array(cap))
    this.route = Array.from({ length: p.m }, () => new Int32Array(cap))
    this.len = new Int32Array(p.m).fill(2)
    this.start = make()
    this.wait = make()
    this.maxShift = make()
    this.fD = make()
    this.fE = make()
    this.fL = make()
    this.fT = make()
    this.bD = make()
    this.bE = make()
    this.bL = make()
    this.bT = make()
    this.tourOf = new Int32Array(p.n).fill(-1)
    this.tourScore = new Float64Array(p.m)
    this.version = new Int32Array(p.m)
    this.slack = new Float64Array(p.m)
    for (let t = 0; t < p.m; t++) this.refresh(t)
  }

  score(): number {
    let s = 0
    for (let t = 0; t < this.p.m; t++) s += this.tourScore[t]!
    return s
  }

  travel(): number {
    let s = 0
    for (let t = 0; t < this.p.m; t++) s += this.fT[t]![this.len[t]! - 1]!
    return s
  }

  /** Recomputes schedule and segments of tour t; returns whether every window and the return time hold. */
  refresh(t: number): boolean {
    const { n, dist, service, open, close } = this.p
    const r = this.route[t]!
    const len = this.len[t]!
    const start = this.start[t]!
    const wait = this.wait[t]!
    const maxShift = this.maxShift[t]!
    const t0 = this.p.tourStart[t]!
    const tEnd = this.p.tourEnd[t]!
    this.version[t] = this.version[t]! + 1
    start[0] = t0
    wait[0] = 0
    let scoreSum = 0
    for (let k = 1; k < len; k++) {
      const prev = r[k - 1]!
      const cur = r[k]!
      const a = start[k - 1]! + service[prev]! + dist[prev * n + cur]!
      const o = k === len - 1 ? -FAR : open[cur]!
      const s = a < o ? o : a
      start[k] = s
      wait[k] = s - a
      scoreSum += this.p.score[cur]!
    }
    this.tourScore[t] = scoreSum
    let feasible = true
    maxShift[len - 1] = tEnd - start[len - 1]!
    if (maxShift[len - 1]! < -EPS) feasible = false
    let most = wait[len - 1]! + maxShift[len - 1]!
    for (let k = len - 2; k >= 1; k--) {
      const slack = close[r[k]!]! - start[k]!
      if (slack < -EPS) feasible = false
      const later = wait[k + 1]! + maxShift[k + 1]!
      maxShift[k] = slack < later ? slack : later
      if (wait[k]! + maxShift[k]! > most) most = wait[k]! + maxShift[k]!
    }
    maxShift[0] = len > 1 ? wait[1]! + maxShift[1]! : 0
    this.slack[t] = most
    this.refreshSegments(t)
    return feasible
  }

  private refreshSegments(t: number): void {
    const { n, dist, service, open, close } = this.p
    const r = this.route[t]!
    const len = this.len[t]!
    const fD = this.fD[t]!
    const fE = this.fE[t]!
    const fL = this.fL[t]!
    const fT = this.fT[t]!
    const bD = this.bD[t]!
    const bE = this.bE[t]!
    const bL = this.bL[t]!
    const bT = this.bT[t]!
    const t0 = this.p.tourStart[t]!
    const tEnd = this.p.tourEnd[t]!
    fD[0] = 0
    fE[0] = t0
    fL[0] = t0
    fT[0] = 0
    for (let k = 1; k < len; k++) {
      const prev = r[k - 1]!
      const cur = r[k]!
      const d = dist[prev * n + cur]!
      fT[k] = fT[k - 1]! + d
      const last = k === len - 1
      if (concat(fD[k - 1]!, fE[k - 1]!, fL[k - 1]!, d, last ? 0 : service[cur]!, last ? -FAR : open[cur]!, last ? tEnd : close[cur]!)) {
        fD[k] = joined.duration
        fE[k] = joined.earliest
        fL[k] = joined.latest
      } else {
        fD[k] = 0
        fE[k] = FAR
        fL[k] = -FAR
      }
    }
    bD[len - 1] = 0
    bE[len - 1] = -FAR
    bL[len - 1] = tEnd
    bT[len - 1] = 0
    for (let k = len - 2; k >= 0; k--) {
      const cur = r[k]!
      const next = r[k + 1]!
      const d = dist[cur * n + next]!
      bT[k] = bT[k + 1]! + d
      const first = k === 0
      if (concat(first ? 0 : service[cur]!, first ? t0 : open[cur]!, first ? t0 : close[cur]!, d, bD[k + 1]!, bE[k + 1]!, bL[k + 1]!)) {
        bD[k] = joined.duration
        bE[k] = joined.earliest
        bL[k] = joined.latest
      } else {
        bD[k] = 0
        bE[k] = FAR
        bL[k] = -FAR
      }
    }
  }

  /** Inserts node v after position p of tour t (no feasibility check; call refresh). */
  insertAt(t: number, p: number, v: number): void {
    const r = this.route[t]!
    const len = this.len[t]!
    r.copyWithin(p + 2, p + 1, len)
    r[p + 1] = v
    this.len[t] = len + 1
    this.tourOf[v] = t
  }

  /** Removes the node at position k (1..len-2) of tour t (call refresh). */
  removeAt(t: number, k: number): number {
    const r = this.route[t]!
    const v = r[k]!
    r.copyWithin(k, k + 1, this.len[t]!)
    this.len[t] = this.len[t]! - 1
    this.tourOf[v] = -1
    return v
  }

  /**
   * Refreshes tour t and, should it be infeasible (a caller matrix without the triangle inequality can make a
   * removal delay later visits), drops the first vertex whose window or return time breaks until it holds.
   * Returns the dropped nodes.
   */
  refreshOrRepair(t: number): number[] {
    const dropped: number[] = []
    while (!this.refresh(t) && this.len[t]! > 2) {
      const k = this.firstViolation(t)
      dropped.push(this.removeAt(t, k))
    }
    return dropped
  }

  private firstViolation(t: number): number {
    const r = this.route[t]!
    const len = this.len[t]!
    const start = this.start[t]!
    for (let k = 1; k < len - 1; k++) if (start[k]! > this.p.close[r[k]!]! + EPS) return k
    return len - 2
  }

  /** Copies the tours (vertex sequences only). */
  snapshot(): Int32Array[] {
    const out: Int32Array[] = []
    for (let t = 0; t < this.p.m; t++) out.push(this.route[t]!.slice(0, this.len[t]!))
    return out
  }

  restore(snapshot: ReadonlyArray<Int32Array>): void {
    this.tourOf.fill(-1)
    for (let t = 0; t < this.p.m; t++) {
      const s = snapshot[t]!
      this.route[t]!.set(s)
      this.len[t] = s.length
      for (let k = 1; k < s.length - 1; k++) this.tourOf[s[k]!] = t
      this.refresh(t)
    }
  }
}
