import { type Compiled, EPS } from './compiled.ts'
import { Insertion } from './insertion.ts'
import { improveTourPair } from './inter-route.ts'
import { improveTourOrder } from './intra-route.ts'
import { Random } from './random.ts'
import { PathRepair } from './path-repair.ts'
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

export interface Tuning {
  rebalance: boolean
  replace: boolean
  reorder: boolean
  /** Rounds without improvement after which the search returns to the best solution. */
  resetAfter: number
  /** Accept a worse solution when within this fraction of the best score. */
  threshold: number
  /** Probabilities of the ruin operators: block per tour (S/R), random, related. */
  ruinBlock: number
  ruinRandom: number
  noise: number
  tabu: boolean
  /** Simulated-annealing start temperature, as a multiple of the mean candidate score (0 = off). */
  temperature: number
  /** Slot re-optimisation: widest slot (j - i), 0 = off; label cap of its dynamic programme. */
  slotWidth: number
  labelCap: number
}

export const defaultTuning: Tuning = {
  rebalance: true,
  replace: false,
  reorder: true,
  resetAfter: 20,
  threshold: 0,
  ruinBlock: 0.3,
  ruinRandom: 0.3,
  noise: 0,
  tabu: true,
  temperature: 1,
  slotWidth: 5,
  labelCap: 300,
}

/**
 * Iterated local search (Vansteenwegen et al. 2009, extended): greedy ratio insertion, then reordering
 * within tours (2-opt, or-opt) and between tours (relocate, swap, tail exchange) to free time, replacement of
 * visited vertices by better unvisited ones, and insertion again until nothing helps; the shake removes
 * blocks of consecutive visits with the S/R schedule (or random / related vertices), and the search returns
 * to the best solution after a run of rounds without improvement.
 */
export class Search {
  private readonly routes: Routes
  private readonly insertion: Insertion
  private readonly random: Random
  private readonly orderedAt: Int32Array
  private readonly pairAt: Int32Array
  private readonly tabu: Uint8Array
  private readonly pathRepair: PathRepair
  private readonly slottedAt: Int32Array

  constructor(
    private readonly p: Compiled,
    seed: number,
    private readonly tuning: Tuning = defaultTuning,
  ) {
    this.routes = new Routes(p)
    this.insertion = new Insertion(this.routes)
    this.random = new Random(seed)
    this.orderedAt = new Int32Array(p.m).fill(-1)
    this.pairAt = new Int32Array(p.m * p.m * 2).fill(-1)
    this.tabu = new Uint8Array(p.n)
    this.pathRepair = new PathRepair(this.routes, this.insertion)
    this.slottedAt = new Int32Array(p.m).fill(-1)
  }

  run(budget: Budget): SearchResult {
    const { routes, p, tuning } = this
    this.localSearch(false)
    let best = routes.snapshot()
    let bestScore = routes.score()
    let bestTravel = routes.travel()
    let current = best
    let currentScore = bestScore
    let size = 1
    let offset = 0
    let sinceBest = 0
    let iterations = 0
    const maxSize = Math.max(1, Math.floor(p.candidates.length / (3 * p.m)))
    let meanScore = 0
    for (const v of p.candidates) meanScore += p.score[v]! / p.candidates.length
    const started = performance.now()
    while (iterations < budget.maxIterations && sinceBest < budget.maxIterationsWithoutImprovement) {
      if (budget.deadline !== Infinity && performance.now() > budget.deadline) break
      iterations++
      const pick = this.random.next()
      if (pick < tuning.ruinBlock) this.ruinBlocks(offset, size)
      else if (pick < tuning.ruinBlock + tuning.ruinRandom) this.ruinRandom(size)
      else this.ruinRelated(size)
      this.localSearch(tuning.tabu)
      const score = routes.score()
      const travel = routes.travel()
      if (score > bestScore + EPS || (score >= bestScore - EPS && travel < bestTravel - EPS)) {
        if (score > bestScore + EPS) sinceBest = 0
        best = routes.snapshot()
        current = best
        currentScore = score
        bestScore = score
        bestTravel = travel
        size = 1
        continue
      }
      sinceBest++
      offset += size
      size++
      if (size > maxSize) size = 1
      if (sinceBest % tuning.resetAfter === 0) {
        routes.restore(best)
        this.insertion.reset()
        current = best
        currentScore = bestScore
      } else if (score >= currentScore - EPS || score >= bestScore * (1 - tuning.threshold) - EPS || this.anneal(score - currentScore, meanScore, budget, iterations, started)) {
        current = routes.snapshot()
        currentScore = score
      } else {
        routes.restore(current)
        this.insertion.reset()
      }
    }
    return { tours: best, iterations }
  }

  private anneal(delta: number, meanScore: number, budget: Budget, iterations: number, started: number): boolean {
    if (this.tuning.temperature <= 0) return false
    let progress = iterations / budget.maxIterations
    if (budget.deadline !== Infinity) progress = Math.max(progress, (performance.now() - started) / (budget.deadline - started))
    const temperature = this.tuning.temperature * meanScore * Math.max(0, 1 - progress)
    return temperature > 0 && this.random.next() < Math.exp(delta / temperature)
  }

  private remove(t: number, k: number): void {
    const v = this.routes.removeAt(t, k)
    this.tabu[v] = 1
    this.insertion.release(v)
  }

  private repair(t: number): void {
    for (const v of this.routes.refreshOrRepair(t)) this.insertion.release(v)
  }

  /** Removes `size` consecutive visits from every tour, starting at `offset` (wrapping around). */
  private ruinBlocks(offset: number, size: number): void {
    const { routes, p } = this
    this.tabu.fill(0)
    for (let t = 0; t < p.m; t++) {
      const customers = routes.len[t]! - 2
      if (customers <= 0) continue
      const count = Math.min(size, customers)
      let k = 1 + (offset % customers)
      for (let c = 0; c < count; c++) {
        if (k > routes.len[t]! - 2) k = 1
        this.remove(t, k)
      }
      this.repair(t)
    }
  }

  /** Removes about `size` × tours visited vertices chosen at random. */
  private ruinRandom(size: number): void {
    const { routes, p } = this
    this.tabu.fill(0)
    let visited = 0
    for (let t = 0; t < p.m; t++) visited += routes.len[t]! - 2
    if (visited === 0) return
    const q = Math.min(1, (size * p.m) / visited)
    for (let t = 0; t < p.m; t++) {
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

  /** Removes a random visited vertex and the visited vertices nearest to it, about `size` × tours in all. */
  private ruinRelated(size: number): void {
    const { routes, p } = this
    this.tabu.fill(0)
    const visited: number[] = []
    for (let t = 0; t < p.m; t++) for (let k = 1; k < routes.len[t]! - 1; k++) visited.push(routes.route[t]![k]!)
    if (visited.length === 0) return
    const seed = visited[this.random.int(visited.length)]!
    const { dist, n } = p
    visited.sort((a, b) => dist[seed * n + a]! + dist[a * n + seed]! - dist[seed * n + b]! - dist[b * n + seed]! || a - b)
    const count = Math.min(visited.length, size * p.m)
    const doomed = new Set(visited.slice(0, count))
    for (let t = 0; t < p.m; t++) {
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

  private localSearch(useTabu: boolean): void {
    const { tuning, random } = this
    if (tuning.reorder) this.reorder()
    this.insertion.fill(random, 2, tuning.noise, useTabu ? this.tabu : null)
    for (let guard = 0; guard < 100; guard++) {
      this.insertion.fill(random, 2, tuning.noise, null)
      if (tuning.replace) while (replaceBest(this.routes, this.insertion) > 0) this.insertion.fill(random, 2, tuning.noise, null)
      const moved = (tuning.reorder && this.reorder()) || (tuning.rebalance && this.rebalance()) || (tuning.slotWidth > 0 && this.reoptimizeSlots())
      if (!moved) break
    }
  }

  private reoptimizeSlots(): boolean {
    const { routes, p, tuning } = this
    let changed = false
    for (let t = 0; t < p.m; t++) {
      if (this.slottedAt[t] === routes.version[t]) continue
      for (let w = Math.max(2, tuning.slotWidth); w <= tuning.slotWidth; w++) {
        for (let i = 0; i + w < routes.len[t]!; i++) {
          if (this.pathRepair.repair(t, i, i + w, tuning.labelCap) > 0) changed = true
        }
      }
      this.slottedAt[t] = routes.version[t]!
    }
    return changed
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
