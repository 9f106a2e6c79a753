import { type Compiled, EPS } from './compiled.ts'
import { Insertion } from './insertion.ts'
import { improveTourPair } from './inter-route.ts'
import { improveTourOrder } from './intra-route.ts'
import { Random } from './random.ts'
import { replaceBest } from './replace.ts'
import { Routes } from './routes.ts'

export interface Budget {
  readonly maxIterations: number
  readonly maxIterationsWithoutImprovement: number
  /** performance.now() value after which the search stops; Infinity for none. */
  readonly deadline: number
}

export interface SearchResult {
  /** Tours as [0, ...vertices, 0]. */
  readonly tours: Int32Array[]
  readonly iterations: number
}

/**
 * Iterated local search (Vansteenwegen et al. 2009, extended): greedy ratio insertion, then reordering
 * within tours (2-opt, or-opt) and between tours (relocate, swap, tail exchange) to free time, replacement of
 * visited vertices by better unvisited ones, and insertion again until nothing helps; the shake removes
 * blocks of consecutive visits from every tour with the S/R schedule, and the search returns to the best
 * solution after a run of rounds without improvement.
 */
export class Search {
  private readonly routes: Routes
  private readonly insertion: Insertion
  private readonly random: Random
  private readonly orderedAt: Int32Array
  private readonly pairAt: Int32Array
  private readonly tabu: Uint8Array

  constructor(private readonly p: Compiled, seed: number) {
    this.routes = new Routes(p)
    this.insertion = new Insertion(this.routes)
    this.random = new Random(seed)
    this.orderedAt = new Int32Array(p.m).fill(-1)
    this.pairAt = new Int32Array(p.m * p.m * 2).fill(-1)
    this.tabu = new Uint8Array(p.n)
  }

  run(budget: Budget): SearchResult {
    const { routes, p } = this
    this.localSearch(false)
    let best = routes.snapshot()
    let bestScore = routes.score()
    let bestTravel = routes.travel()
    let size = 1
    let offset = 0
    let sinceBest = 0
    let iterations = 0
    const maxSize = Math.max(1, Math.floor(p.candidates.length / (3 * p.m)))
    const resetAfter = 10
    while (iterations < budget.maxIterations && sinceBest < budget.maxIterationsWithoutImprovement) {
      if (budget.deadline !== Infinity && performance.now() > budget.deadline) break
      iterations++
      this.shake(offset, size)
      this.localSearch(true)
      const score = routes.score()
      const travel = routes.travel()
      if (score > bestScore + EPS || (score >= bestScore - EPS && travel < bestTravel - EPS)) {
        if (score > bestScore + EPS) sinceBest = 0
        best = routes.snapshot()
        bestScore = score
        bestTravel = travel
        size = 1
      } else {
        sinceBest++
        offset += size
        size++
        if (size > maxSize) size = 1
        if (sinceBest % resetAfter === 0) {
          routes.restore(best)
          this.insertion.reset()
        }
      }
    }
    return { tours: best, iterations }
  }

  /** Removes `size` consecutive visits from every tour, starting at `offset` (wrapping around). */
  private shake(offset: number, size: number): void {
    const { routes, p } = this
    this.tabu.fill(0)
    for (let t = 0; t < p.m; t++) {
      const customers = routes.len[t]! - 2
      if (customers <= 0) continue
      const count = Math.min(size, customers)
      let k = 1 + (offset % customers)
      for (let c = 0; c < count; c++) {
        if (k > routes.len[t]! - 2) k = 1
        const v = routes.removeAt(t, k)
        this.tabu[v] = 1
        this.insertion.release(v)
      }
      for (const v of routes.refreshOrRepair(t)) this.insertion.release(v)
    }
  }

  private localSearch(useTabu: boolean): void {
    this.reorder()
    this.insertion.fill(this.random, 2, 0, useTabu ? this.tabu : null)
    for (let guard = 0; guard < 100; guard++) {
      const moved = this.reorder() || this.rebalance()
      if (this.insertion.fill(this.random, 2, 0, null) > 0) continue
      if (replaceBest(this.routes, this.insertion) >= 0) {
        this.insertion.fill(this.random, 2, 0, null)
        continue
      }
      if (!moved) break
    }
  }

  /** Intra-tour reordering of every tour that changed since it was last reordered. */
  private reorder(): boolean {
    const { routes, p } = this
    let changed = false
    for (let t = 0; t < p.m; t++) {
      if (this.orderedAt[t] === routes.version[t]) continue
      if (improveTourOrder(routes, t)) changed = true
      this.orderedAt[t] = routes.version[t]!
    }
    return changed
  }

  /** Inter-tour moves for every pair of tours of which one changed since the pair was last examined. */
  private rebalance(): boolean {
    const { routes, p } = this
    let changed = false
    for (let a = 0; a < p.m; a++) {
      for (let b = a + 1; b < p.m; b++) {
        const key = (a * p.m + b) * 2
        if (this.pairAt[key] === routes.version[a] && this.pairAt[key + 1] === routes.version[b]) continue
        while (improveTourPair(routes, a, b)) changed = true
        this.pairAt[key] = routes.version[a]!
        this.pairAt[key + 1] = routes.version[b]!
      }
    }
    return changed
  }
}
