import { EPS } from './compiled.ts'
import type { Insertion } from './insertion.ts'
import type { Routes } from './routes.ts'

/** At most this many vertices are considered for one slot (bit set of a path fits in an int32). */
const MAX_CANDIDATES = 20

/**
 * Slot re-optimisation: between positions i and j of tour t (both kept), replace the visits in between by a
 * better-scoring path over them and the unvisited vertices that fit the slot (the best score per time first),
 * found by a label-setting dynamic programme. A label is (last vertex, departure time, score, vertices on its
 * path); a label is dropped when another at the same vertex leaves no later with no less score, even if
 * their paths differ (a heuristic relaxation that keeps the label count small), and a path never repeats a
 * vertex. The prefix keeps its earliest schedule and the suffix only needs to be reached by its latest start
 * (bL), so every label is a feasible path. At most `labelCap` labels are created.
 */
export class PathRepair {
  private readonly candidates = new Int32Array(MAX_CANDIDATES)
  private readonly laterScore = new Float64Array(MAX_CANDIDATES + 1)
  private readonly keys = new Float64Array(MAX_CANDIDATES).fill(Infinity)
  private labelNode: Int32Array
  private labelTime: Float64Array
  private labelScore: Float64Array
  private labelMask: Int32Array
  private labelParent: Int32Array
  private labelDead: Uint8Array
  private readonly nodeLabels: number[][] = Array.from({ length: MAX_CANDIDATES }, () => [])

  constructor(
    private readonly routes: Routes,
    private readonly insertion: Insertion,
  ) {
    const size = 256
    this.labelNode = new Int32Array(size)
    this.labelTime = new Float64Array(size)
    this.labelScore = new Float64Array(size)
    this.labelMask = new Int32Array(size)
    this.labelParent = new Int32Array(size)
    this.labelDead = new Uint8Array(size)
  }

  /** Re-optimises the slot (i, j) of tour t; returns the score gained (> 0), or 0 when nothing changed. */
  repair(t: number, i: number, j: number, labelCap: number): number {
    const routes = this.routes
    const p = routes.p
    const { n, m, dist, service, open, close, score, allowed } = p
    const r = routes.route[t]!
    const from = r[i]!
    const to = r[j]!
    const departure = routes.start[t]![i]! + service[from]!
    const latest = routes.bL[t]![j]! + EPS
    const inside = j - i - 1
    if (inside >= MAX_CANDIDATES) return 0
    let oldScore = 0
    for (let k = 0; k < inside; k++) {
      const v = r[i + 1 + k]!
      // A pre-placed visit stays where it is: its slot is not re-optimised.
      if (p.fixed[v] === 1) return 0
      this.candidates[k] = v
      oldScore += score[v]!
    }
    // The most promising unvisited vertices that fit the slot on their own: highest score per unit of time
    // taken (service and the detour through the slot), kept sorted by that key, descending.
    let count = inside
    const candidates = this.candidates
    const keys = this.keys
    for (let c = 0; c < this.insertion.unvisitedCount; c++) {
      const v = this.insertion.unvisited(c)
      if (allowed[v * m + t] === 0) continue
      const dIn = dist[from * n + v]!
      const a = departure + dIn
      if (a > close[v]! + EPS) continue
      const s = a < open[v]! ? open[v]! : a
      const dOut = dist[v * n + to]!
      if (s + service[v]! + dOut > latest) continue
      const key = score[v]! / (service[v]! + dIn + dOut + 1e-6)
      if (count === MAX_CANDIDATES && key <= keys[count - 1]!) continue
      let k = count < MAX_CANDIDATES ? count++ : count - 1
      while (k > inside && keys[k - 1]! < key) {
        candidates[k] = candidates[k - 1]!
        keys[k] = keys[k - 1]!
        k--
      }
      candidates[k] = v
      keys[k] = key
    }
    if (count === inside) return 0
    // Sort by closing time so that a label only looks at candidates still open, and keep the score of the
    // candidates closing at or after each one for bounding.
    for (let c = 1; c < count; c++) {
      const v = candidates[c]!
      let k = c
      while (k > 0 && (close[candidates[k - 1]!]! > close[v]! || (close[candidates[k - 1]!]! === close[v]! && candidates[k - 1]! > v))) {
        candidates[k] = candidates[k - 1]!
        k--
      }
      candidates[k] = v
    }
    const later = this.laterScore
    later[count] = 0
    for (let c = count - 1; c >= 0; c--) later[c] = later[c + 1]! + score[candidates[c]!]!
    for (let c = 0; c < count; c++) this.nodeLabels[c]!.length = 0
    let labels = 1
    this.labelNode[0] = -1
    this.labelTime[0] = departure
    this.labelScore[0] = 0
    this.labelMask[0] = 0
    this.labelParent[0] = -1
    this.labelDead[0] = 0
    let best = 0
    let bestScore = 0
    for (let q = 0; q < labels; q++) {
      if (this.labelDead[q] === 1) continue
      const node = this.labelNode[q]!
      const at = node < 0 ? from : candidates[node]!
      const time = this.labelTime[q]!
      const mask = this.labelMask[q]!
      const sc = this.labelScore[q]!
      const row = at * n
      let first = 0
      while (first < count && close[candidates[first]!]! + EPS < time) first++
      // Even all the candidates still open could not beat the best path found (or the current one).
      if (sc + later[first]! <= (bestScore > oldScore ? bestScore : oldScore) + EPS) continue
      for (let c = first; c < count; c++) {
        if ((mask >>> c) & 1) continue
        const v = candidates[c]!
        const a = time + dist[row + v]!
        if (a > close[v]! + EPS) continue
        const s = a < open[v]! ? open[v]! : a
        const leave = s + service[v]!
        if (leave + dist[v * n + to]! > latest) continue
        const newScore = sc + score[v]!
        if (labels >= labelCap || this.dominated(c, leave, newScore)) continue
        if (labels >= this.labelNode.length) this.grow()
        this.labelNode[labels] = c
        this.labelTime[labels] = leave
        this.labelScore[labels] = newScore
        this.labelMask[labels] = mask | (1 << c)
        this.labelParent[labels] = q
        this.labelDead[labels] = 0
        this.nodeLabels[c]!.push(labels)
        if (newScore > bestScore + EPS) {
          best = labels
          bestScore = newScore
        }
        labels++
      }
    }
    if (bestScore <= oldScore + EPS) return 0
    const path: number[] = []
    for (let q = best; q > 0; q = this.labelParent[q]!) path.push(candidates[this.labelNode[q]!]!)
    path.reverse()
    const removed = Array.from(r.subarray(i + 1, j))
    const tail = Array.from(r.subarray(j, routes.len[t]!))
    r.set(path, i + 1)
    r.set(tail, i + 1 + path.length)
    routes.len[t] = i + 1 + path.length + tail.length
    for (const v of removed) routes.tourOf[v] = -1
    for (const v of path) routes.tourOf[v] = t
    routes.refresh(t)
    for (const v of removed) if (routes.tourOf[v] === -1) this.insertion.release(v)
    for (const v of path) this.insertion.take(v)
    return bestScore - oldScore
  }

  /**
   * Whether a label at candidate c leaving at `time` with score `sc` is dominated by one already there; if
   * not, the labels it dominates are marked dead and dropped from the list.
   */
  private dominated(c: number, time: number, sc: number): boolean {
    const list = this.nodeLabels[c]!
    for (let x = 0; x < list.length; x++) {
      const q = list[x]!
      if (this.labelTime[q]! <= time + EPS && this.labelScore[q]! >= sc - EPS) return true
    }
    let keep = 0
    for (let x = 0; x < list.length; x++) {
      const q = list[x]!
      if (time <= this.labelTime[q]! + EPS && sc >= this.labelScore[q]! - EPS) this.labelDead[q] = 1
      else list[keep++] = q
    }
    list.length = keep
    return false
  }

  private grow(): void {
    const size = this.labelNode.length * 2
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size)
      b.set(a)
      return b
    }
    this.labelNode = grown(this.labelNode, (k) => new Int32Array(k))
    this.labelTime = grown(this.labelTime, (k) => new Float64Array(k))
    this.labelScore = grown(this.labelScore, (k) => new Float64Array(k))
    this.labelMask = grown(this.labelMask, (k) => new Int32Array(k))
    this.labelParent = grown(this.labelParent, (k) => new Int32Array(k))
    this.labelDead = grown(this.labelDead, (k) => new Uint8Array(k))
  }
}
