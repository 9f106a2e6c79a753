import type { Insertion } from './insertion.ts'
import type { Random } from './random.ts'
import type { Routes } from './routes.ts'

/** Most tours one ruin touches, so that a round's cost does not grow with the number of tours. */
const RUIN_TOURS = 4

/**
 * The perturbations ("shake") of the iterated local search. Each removes visits and flags them in `tabu`,
 * so that the next insertion first tries the other vertices.
 */
export class Ruin {
  readonly tabu: Uint8Array

  constructor(
    private readonly routes: Routes,
    private readonly insertion: Insertion,
    private readonly random: Random,
  ) {
    this.tabu = new Uint8Array(routes.p.n)
  }

  /** Vansteenwegen et al.'s shake: `size` consecutive visits from each ruined tour, from `offset` on (wrapping). */
  blocks(offset: number, size: number): void {
    const routes = this.routes
    this.tabu.fill(0)
    for (const t of this.ruinedTours()) {
      const customers = routes.len[t]! - 2
      if (customers <= 0) continue
      const count = Math.min(size, customers)
      let k = 1 + (offset % customers)
      for (let c = 0; c < count && routes.len[t]! > 2; c++) {
        if (k > routes.len[t]! - 2) k = 1
        if (!this.remove(t, k)) k++
      }
      this.repair(t)
    }
  }

  /** About `size` visits per ruined tour, chosen at random. */
  scattered(size: number): void {
    const routes = this.routes
    this.tabu.fill(0)
    const tours = this.ruinedTours()
    let visited = 0
    for (const t of tours) visited += routes.len[t]! - 2
    if (visited === 0) return
    const q = Math.min(1, (size * tours.length) / visited)
    for (const t of tours) {
      let changed = false
      for (let k = routes.len[t]! - 2; k >= 1; k--) {
        if (this.random.next() < q) {
          this.remove(t, k)
          changed = true
        }
      }
      if (changed) this.repair(t)
    }
  }

  /** A random visited vertex and the visited vertices nearest to it (any tour), `size` per ruinable tour. */
  related(size: number): void {
    const { routes } = this
    const { dist, n, m } = routes.p
    this.tabu.fill(0)
    const visited: number[] = []
    for (let t = 0; t < m; t++) for (let k = 1; k < routes.len[t]! - 1; k++) visited.push(routes.route[t]![k]!)
    if (visited.length === 0) return
    const seed = visited[this.random.int(visited.length)]!
    const closeness = (v: number) => dist[seed * n + v]! + dist[v * n + seed]!
    visited.sort((a, b) => closeness(a) - closeness(b) || a - b)
    const doomed = new Set(visited.slice(0, Math.min(visited.length, size * Math.min(m, RUIN_TOURS))))
    for (let t = 0; t < m; t++) {
      let changed = false
      for (let k = routes.len[t]! - 2; k >= 1; k--) {
        if (doomed.has(routes.route[t]![k]!)) {
          this.remove(t, k)
          changed = true
        }
      }
      if (changed) this.repair(t)
    }
  }

  /** All tours when there are few, else a run of RUIN_TOURS consecutive tours from a random one. */
  private ruinedTours(): number[] {
    const m = this.routes.p.m
    if (m <= RUIN_TOURS) return Array.from({ length: m }, (_, t) => t)
    const first = this.random.int(m)
    return Array.from({ length: RUIN_TOURS }, (_, k) => (first + k) % m)
  }

  /** Removes the visit at position k unless it is pre-placed; returns whether it did. */
  private remove(t: number, k: number): boolean {
    if (this.routes.p.fixed[this.routes.route[t]![k]!] === 1) return false
    const v = this.routes.removeAt(t, k)
    this.tabu[v] = 1
    this.insertion.release(v)
    return true
  }

  private repair(t: number): void {
    for (const v of this.routes.refreshOrRepair(t)) this.insertion.release(v)
  }
}
