import { compile } from './compiled.ts'
import type { Problem, Solution, SolveOptions, Tour } from './problem.ts'
import { Routes } from './routes.ts'
import { Search } from './search.ts'

export interface IterationBudget {
  readonly maxIterations: number
  readonly maxIterationsWithoutImprovement: number
}

/**
 * Default budget when the caller gives none: enough rounds for the search to settle on benchmark-sized
 * problems, growing slowly with the number of candidate vertices and tours.
 */
export function defaultBudget(problem: Problem): IterationBudget {
  const size = problem.vertices.length
  const tours = Math.max(1, problem.tours.length)
  const maxIterationsWithoutImprovement = Math.round(Math.min(2000, 150 + 2 * size + 50 * tours))
  return { maxIterations: 4 * maxIterationsWithoutImprovement, maxIterationsWithoutImprovement }
}

/** Solves a TOPTW instance; the same problem, options and seed give the same answer. */
export function solveToptw(problem: Problem, options: SolveOptions = {}): Solution {
  const compiled = compile(problem)
  const fallback = defaultBudget(problem)
  const started = performance.now()
  const search = new Search(compiled, options.seed ?? 1)
  const result = search.run({
    maxIterations: options.maxIterations ?? fallback.maxIterations,
    maxIterationsWithoutImprovement: options.maxIterationsWithoutImprovement ?? fallback.maxIterationsWithoutImprovement,
    deadline: options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs,
  })
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
