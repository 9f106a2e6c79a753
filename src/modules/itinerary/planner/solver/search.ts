import { type Compiled, EPS } from './compiled.ts'
import { Insertion } from './insertion.ts'
import { improveTourPair } from './inter-route.ts'
import { improveTourOrder } from './intra-route.ts'
import { Random } from './random.ts'
import { RoutePool } from './route-pool.ts'
import { Routes } from './routes.ts'
import { Ruin } from './ruin.ts'
import { SlotScanner } from './slots.ts'
import { warmStart } from './warm-start.ts'

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

/** Rounds without a new best between two recombinations of the route pool. */
const RECOMBINE_EVERY = 20
/** Tours the route pool keeps (the best-scoring ones), and most branch-and-bound nodes per recombination. */
const POOL_SIZE = 1000
const PACKING_NODES = 2000
/** Probabilities of the block and scattered ruins (the rest: related ruin). */
const BLOCK_RUIN = 0.3
const SCATTERED_RUIN = 0.3
/** Start temperature of the acceptance of worse solutions, as a multiple of the mean candidate score. */
const TEMPERATURE = 1
/** Slot width (positions between the kept ends) and label cap of the slot re-optimisation. */
const SLOT_WIDTH = 5
const LABEL_CAP = 300

/**
 * Iterated local search after Vansteenwegen et al. (2009), extended. Each round ruins part of the solution
 * (blocks of consecutive visits with the S/R schedule, scattered visits, or visits near a random one), then
 * runs the local search: ratio insertion (removed vertices last), reordering within tours (2-opt, or-opt)
 * and between tours (relocate, swap, tail exchange) to free time, and slot re-optimisation (a dynamic
 * programme that swaps short runs of visits for better-scoring paths over unvisited vertices), until none
 * helps. Worse results are accepted with an annealing probability that falls over the budget.
 *
 * With several tours, every tour of every local optimum goes to a route pool, and after every run of rounds
 * without a new best the best combination of pairwise disjoint pooled tours (RoutePool.bestPacking) replaces
 * the current solution when it beats the best one; the local search then completes it.
 */
export class Search {
  private readonly routes: Routes
  private readonly insertion: Insertion
  private readonly random: Random
  private readonly ruin: Ruin
  private readonly slots: SlotScanner
  private readonly orderedAt: Int32Array
  private readonly pairAt: Int32Array
  private readonly pool: RoutePool | null

  constructor(
    private readonly p: Compiled,
    seed: number,
  ) {
    this.routes = new Routes(p)
    this.insertion = new Insertion(this.routes)
    this.random = new Random(seed)
    this.ruin = new Ruin(this.routes, this.insertion, this.random)
    this.slots = new SlotScanner(this.routes, this.insertion, SLOT_WIDTH, LABEL_CAP)
    this.orderedAt = new Int32Array(p.m).fill(-1)
    this.pairAt = new Int32Array(p.m * p.m * 2).fill(-1)
    this.pool = p.m > 1 ? new RoutePool(p, POOL_SIZE) : null
  }

  run(budget: Budget, initial?: ReadonlyArray<ReadonlyArray<number>>): SearchResult {
    const { routes, p } = this
    if (initial) {
      warmStart(routes, initial)
      this.insertion.reset()
    }
    this.localSearch(null)
    let best = routes.snapshot()
    let bestScore = routes.score()
    let bestTravel = routes.travel()
    let current = best
    let currentScore = bestScore
    let upperBound = 0
    let freeScore = 0
    let free = 0
    for (const v of p.candidates) {
      upperBound += p.score[v]!
      if (p.fixed[v] === 1) continue
      freeScore += p.score[v]!
      free++
    }
    // Pre-placed visits never leave, so their (large) scores must not heat the acceptance of worse rounds.
    const meanScore = free > 0 ? freeScore / free : 0
    const maxSize = Math.max(1, Math.floor(p.candidates.length / (3 * p.m)))
    let offset = 0
    let sinceBest = 0
    let iterations = 0
    const started = performance.now()
    while (iterations < budget.maxIterations && sinceBest < budget.maxIterationsWithoutImprovement && bestScore < upperBound - EPS) {
      if (budget.deadline !== Infinity && performance.now() > budget.deadline) break
      iterations++
      const size = this.ruinSize(maxSize)
      const pick = this.random.next()
      if (pick < BLOCK_RUIN) this.ruin.blocks(offset, size)
      else if (pick < BLOCK_RUIN + SCATTERED_RUIN) this.ruin.scattered(size)
      else this.ruin.related(size)
      this.localSearch(this.ruin.tabu)
      if (this.pool) {
        for (let t = 0; t < p.m; t++) this.pool.offerTour(routes, t)
        if (sinceBest > 0 && sinceBest % RECOMBINE_EVERY === 0) this.recombine(bestScore)
      }
      const score = routes.score()
      const travel = routes.travel()
      if (score > bestScore + EPS || (score >= bestScore - EPS && travel < bestTravel - EPS)) {
        if (score > bestScore + EPS) sinceBest = 0
        best = routes.snapshot()
        bestScore = score
        bestTravel = travel
        current = best
        currentScore = score
        continue
      }
      sinceBest++
      offset += size
      if (score >= currentScore - EPS || this.random.next() < Math.exp((score - currentScore) / this.temperature(meanScore, budget, iterations, started))) {
        current = routes.snapshot()
        currentScore = score
      } else {
        this.restore(current)
      }
    }
    return { tours: best, iterations }
  }

  /**
   * Ruin size drawn log-uniformly from 1..maxSize: every doubling of the size gets the same share of rounds.
   * A round's cost grows with its ruin, and on long tours most new bests come from small ruins, while the
   * occasional large one still lets the search leave a deep local optimum.
   */
  private ruinSize(maxSize: number): number {
    return Math.min(maxSize, Math.floor(Math.exp(this.random.next() * Math.log(maxSize + 1))))
  }

  /** Falls linearly to 0 over the iteration budget (or the time limit, whichever is nearer). */
  private temperature(meanScore: number, budget: Budget, iterations: number, started: number): number {
    let progress = iterations / budget.maxIterations
    if (budget.deadline !== Infinity) progress = Math.max(progress, (performance.now() - started) / (budget.deadline - started))
    return Math.max(1e-9, TEMPERATURE * meanScore * (1 - progress))
  }

  /** Replaces the solution by the best packing of pooled tours if that scores more than `toBeat`, completed by the local search. */
  private recombine(toBeat: number): void {
    const packing = this.pool!.bestPacking(PACKING_NODES, toBeat + EPS)
    if (!packing) return
    this.restore(packing.tours)
    this.localSearch(null)
  }

  private restore(snapshot: ReadonlyArray<Int32Array>): void {
    this.routes.restore(snapshot)
    this.insertion.reset()
  }

  private localSearch(tabu: Uint8Array | null): void {
    this.reorder()
    this.insertion.fill(tabu)
    for (let guard = 0; guard < 100; guard++) {
      this.insertion.fill(null)
      if (!this.reorder() && !this.rebalance() && !this.slots.scan()) break
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
