import type { Problem } from './solver/index.ts'
import { balancedSizes } from './regroup.ts'
import { dayCost, withVisit, type DaySequence } from './spread.ts'

type Cost = ReadonlyArray<ArrayLike<number>>

/** The orders in which runs of visits may be given to the days: every order for up to four days, else the days' own. */
const dayOrders = (days: number): number[][] => {
  const identity = Array.from({ length: days }, (_, t) => t)
  if (days > 4) return [identity]
  const orders: number[][] = []
  const extend = (order: number[]) => {
    if (order.length === days) orders.push(order)
    for (const t of identity) if (!order.includes(t)) extend([...order, t])
  }
  extend([])
  return orders
}

/**
 * Other ways to share a trip's visits among its days, by area, for the regrouping pass to start from: the
 * visits in order of their bearing from the base (each starting bearing and each order of the days tried),
 * given to one day after another, each day taking its share of the visiting time (by the length of its
 * window) or what fits, each visit inserted where it adds least travel; visits left over go where they add
 * least. A sharing is kept only when every visit is placed, `mayJoin` (the variety rules) lets each join its
 * day and every day has between `sizes.least` and `sizes.most` visits; the `count` best by `score` (lower is
 * better) are returned. A trip with a locked visit keeps its days: a sweep would move the lock.
 */
export function sweepStarts(
  problem: Problem,
  days: readonly DaySequence[],
  bearing: (node: number) => number,
  cost: Cost,
  mayJoin: (sequence: DaySequence, node: number) => boolean,
  score: (days: readonly DaySequence[]) => number,
  count: number,
): number[][][] {
  const nodes = days.flat().sort((a, b) => bearing(a) - bearing(b))
  if (nodes.some((node) => problem.vertices[node - 1]!.fixed)) return []
  const service = (node: number) => problem.vertices[node - 1]!.service
  const sizes = balancedSizes(days)
  const windows = problem.tours.map((tour) => tour.end - tour.start)
  const visiting = nodes.reduce((sum, node) => sum + service(node), 0)
  const allWindows = windows.reduce((sum, length) => sum + length, 0)
  // Each day's share of the visiting time, by the length of its window.
  const shares = windows.map((length) => (visiting * length) / allWindows)
  const inserted = (t: number, day: DaySequence, node: number) => (mayJoin(day, node) ? withVisit(problem, t, day, node, cost) : undefined)
  const found = new Map<string, { days: number[][]; score: number }>()
  for (let first = 0; first < nodes.length; first++) {
    const swept = [...nodes.slice(first), ...nodes.slice(0, first)]
    for (const order of dayOrders(days.length)) {
      const shared: number[][] = days.map(() => [])
      const left: number[] = []
      let k = 0
      for (const t of order) {
        let taken = 0
        while (k < swept.length && taken < shares[t]!) {
          const node = swept[k++]!
          const day = inserted(t, shared[t]!, node)
          if (day) {
            shared[t] = day
            taken += service(node)
          } else left.push(node)
        }
      }
      left.push(...swept.slice(k))
      for (const node of left) {
        const options = shared.flatMap((day, t) => {
          const longer = inserted(t, day, node)
          return longer ? [{ t, longer, added: dayCost(longer, cost) - dayCost(day, cost) }] : []
        })
        const cheapest = options.sort((a, b) => a.added - b.added)[0]
        if (cheapest) shared[cheapest.t] = cheapest.longer
      }
      if (shared.flat().length < nodes.length || shared.some((day) => day.length < sizes.least || day.length > sizes.most)) continue
      const key = shared.map((day) => [...day].sort((a, b) => a - b).join(',')).join('|')
      if (!found.has(key)) found.set(key, { days: shared, score: score(shared) })
    }
  }
  return [...found.values()]
    .sort((a, b) => a.score - b.score)
    .slice(0, count)
    .map((start) => start.days)
}
