import { compile } from './compiled.ts'
import type { Problem, Solution, SolveOptions, Tour } from './problem.ts'
import { Routes } from './routes.ts'
import { Search } from './search.ts'

export interface IterationBudget {
  readonly maxIterations: number
  readonly maxIterationsWithoutImprovement: number
}

/**
 * Default budget when the caller gives none: thorough (benchmark grade). Rounds without improvement grow with
 * the number of vertices and tours (at most 1,000), and the total is three times that. A round costs about
 * 1-5 ms on 100-300 vertices and 1-4 tours, so this can take seconds on large problems: interactive callers
 * should use `interactiveBudget`.
 */
export function defaultBudget(problem: Problem): IterationBudget {
  const vertices = problem.vertices.length
  const tours = Math.min(4, problem.tours.length)
  const maxIterationsWithoutImprovement = Math.min(1000, 200 + 3 * vertices + 50 * tours)
  return { maxIterations: 3 * maxIterationsWithoutImprovement, maxIterationsWithoutImprovement }
}

/**
 * Budget for interactive use (e.g. planning a city's days while a request waits): 3000 / N rounds for N
 * vertices (10 to 100), stopping after half as many rounds without improvement.
 * Planning 3-10 days in the large catalog's cities, twice this budget added 0.03 % to the total score and
 * four times 0.1 %, for 1.5-2.5 times the time (cities of 150+ places: 21 ms mean, 43 ms p95 per city).
 */
export function interactiveBudget(problem: Problem): IterationBudget {
  const maxIterations = Math.max(10, Math.min(100, Math.round(3000 / Math.max(1, problem.vertices.length))))
  return { maxIterations, maxIterationsWithoutImprovement: Math.ceil(maxIterations / 2) }
}

/** Solves a TOPTW instance; the same problem, options and seed give the same answer. */
export function solveToptw(problem: Problem, options: SolveOptions = {}): Solution {
  const compiled = compile(problem)
  const fallback = defaultBudget(problem)
  const started = performance.now()
  const search = new Search(compiled, options.seed ?? 1)
  const result = search.run(
    {
      maxIterations: options.maxIterations ?? fallback.maxIterations,
      maxIterationsWithoutImprovement: options.maxIterationsWithoutImprovement ?? fallback.maxIterationsWithoutImprovement,
      deadline: options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs,
    },
    options.initial,
  )
  const routes = new Routes(compiled)
  routes.restore(result.tours)
  const tours: Tour[] = []
  for (let t = 0; t < compiled.m; t++) {
    const len = routes.len[t]!
    const route = routes.route[t]!
    const start = routes.start[t]!
    const wait = routes.wait[t]!
    const visits = []
    for (let k = 1; k < len - 1; k++) visits.push({ vertex: route[k]!, arrival: start[k]! - wait[k]!, start: start[k]! })
    tours.push({ visits, returnTime: start[len - 1]! })
  }
  return { tours, score: routes.score(), travel: routes.travel(), iterations: result.iterations }
}
