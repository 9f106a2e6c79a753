import type { Problem, Solution, Tour, Visit } from './problem.ts'

/** Tours with at most this many visits are reordered exactly (branch and bound); longer ones by local search. */
const EXACT_LIMIT = 8
const EPS = 1e-7

/**
 * Post-pass: reorders the visits of every tour to minimise the sum of `cost` over its legs (depot legs
 * included) while keeping every window and the return time, with the same vertices in the same tours, so the
 * score is unchanged. `cost` defaults to the problem's travel matrix (e.g. pass distances in km to prefer
 * shorter walks among feasible orders). Tours of up to 8 visits get an optimal order; longer tours are
 * improved by 2-opt, or-opt and swaps. A tour whose current order is infeasible is left as it is.
 */
export function minimiseTravel(problem: Problem, solution: Solution, cost: ReadonlyArray<ArrayLike<number>> = problem.travel): Solution {
  const tours: Tour[] = solution.tours.map((tour, t) => {
    const sequence = tour.visits.map((v) => v.vertex)
    if (!Number.isFinite(returnTime(problem, t, sequence))) return tour
    const ordered = sequence.length <= EXACT_LIMIT ? exactOrder(problem, t, sequence, cost) : improveOrder(problem, t, sequence, cost)
    return schedule(problem, t, ordered)
  })
  let travel = 0
  for (const tour of tours) {
    let at = 0
    for (const visit of tour.visits) {
      travel += problem.travel[at]![visit.vertex]!
      at = visit.vertex
    }
    travel += problem.travel[at]![0]!
  }
  return { ...solution, tours, travel }
}

/** Return time of the tour visiting `sequence` in order, or Infinity when a window or the end is missed or a vertex is not allowed in tour `t`. */
export function returnTime(problem: Problem, t: number, sequence: ReadonlyArray<number>): number {
  const window = problem.tours[t]!
  let time = window.start
  let at = 0
  for (const node of sequence) {
    const vertex = problem.vertices[node - 1]!
    if (vertex.allowedTours && !vertex.allowedTours.includes(t)) return Infinity
    const arrival = time + problem.travel[at]![node]!
    if (arrival > vertex.close + EPS) return Infinity
    time = Math.max(arrival, vertex.open) + vertex.service
    at = node
  }
  const back = time + problem.travel[at]![0]!
  return back > window.end + EPS ? Infinity : back
}

function schedule(problem: Problem, t: number, sequence: ReadonlyArray<number>): Tour {
  let time = problem.tours[t]!.start
  let at = 0
  const visits: Visit[] = []
  for (const node of sequence) {
    const vertex = problem.vertices[node - 1]!
    const arrival = time + problem.travel[at]![node]!
    const start = Math.max(arrival, vertex.open)
    visits.push({ vertex: node, arrival, start })
    time = start + vertex.service
    at = node
  }
  return { visits, returnTime: time + problem.travel[at]![0]! }
}

function legCost(cost: ReadonlyArray<ArrayLike<number>>, sequence: ReadonlyArray<number>): number {
  let sum = 0
  let at = 0
  for (const node of sequence) {
    sum += cost[at]![node]!
    at = node
  }
  return sum + cost[at]![0]!
}

/** Depth-first branch and bound over all orders, pruned by windows, the return time and the best cost so far. */
function exactOrder(problem: Problem, t: number, sequence: ReadonlyArray<number>, cost: ReadonlyArray<ArrayLike<number>>): number[] {
  const window = problem.tours[t]!
  let best = [...sequence]
  let bestCost = legCost(cost, sequence)
  const path: number[] = []
  const used = new Array<boolean>(sequence.length).fill(false)
  const visit = (at: number, time: number, sum: number): void => {
    if (sum >= bestCost - EPS) return
    if (path.length === sequence.length) {
      const back = time + problem.travel[at]![0]!
      const total = sum + cost[at]![0]!
      if (back <= window.end + EPS && total < bestCost - EPS) {
        bestCost = total
        best = [...path]
      }
      return
    }
    // A vertex whose window has already closed can never be served: abandon this branch.
    for (let k = 0; k < sequence.length; k++) {
      if (!used[k] && time > problem.vertices[sequence[k]! - 1]!.close + EPS) return
    }
    for (let k = 0; k < sequence.length; k++) {
      if (used[k]) continue
      const node = sequence[k]!
      const vertex = problem.vertices[node - 1]!
      const arrival = time + problem.travel[at]![node]!
      if (arrival > vertex.close + EPS) continue
      used[k] = true
      path.push(node)
      visit(node, Math.max(arrival, vertex.open) + vertex.service, sum + cost[at]![node]!)
      path.pop()
      used[k] = false
    }
  }
  visit(0, window.start, 0)
  return best
}

/** First-improvement 2-opt, or-opt (blocks of 1-3) and pairwise swaps, each candidate checked in full. */
function improveOrder(problem: Problem, t: number, sequence: ReadonlyArray<number>, cost: ReadonlyArray<ArrayLike<number>>): number[] {
  let current = [...sequence]
  let currentCost = legCost(cost, current)
  const accept = (candidate: number[]): boolean => {
    const c = legCost(cost, candidate)
    if (c < currentCost - EPS && Number.isFinite(returnTime(problem, t, candidate))) {
      current = candidate
      currentCost = c
      return true
    }
    return false
  }
  const n = current.length
  for (let pass = 0; pass < 50; pass++) {
    let improved = false
    for (let i = 0; i < n - 1; i++) {
      for (let j = i + 1; j < n; j++) {
        const reversed = [...current.slice(0, i), ...current.slice(i, j + 1).reverse(), ...current.slice(j + 1)]
        if (accept(reversed)) improved = true
        const swapped = [...current]
        swapped[i] = current[j]!
        swapped[j] = current[i]!
        if (accept(swapped)) improved = true
      }
    }
    for (let size = 1; size <= 3; size++) {
      for (let i = 0; i + size <= n; i++) {
        for (let to = 0; to <= n - size; to++) {
          if (to === i) continue
          const block = current.slice(i, i + size)
          const rest = [...current.slice(0, i), ...current.slice(i + size)]
          if (accept([...rest.slice(0, to), ...block, ...rest.slice(to)])) improved = true
        }
      }
    }
    if (!improved) break
  }
  return current
}
