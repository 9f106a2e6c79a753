import { returnTime, type Problem } from './solver/index.ts'
import { dayCost, withVisit, type DaySequence } from './spread.ts'

/** A move must save at least this much travel (minutes) to be taken: no churn over rounding. */
const WORTH_MINUTES = 0.5
const MAX_ROUNDS = 50

type Cost = ReadonlyArray<ArrayLike<number>>

/** What two visits gain, in minutes of travel, from being on one day (places next door to each other). */
export type Together = (a: number, b: number) => number

/**
 * Days by neighbourhood: the solver chooses which places fit the trip and the spreading and variety passes
 * balance the days, none of them minding where a place is. This moves visits between days, one at a time or
 * two swapped, while that shortens the trip's whole travel (each day out from the base and back included)
 * less what `together` says neighbours gain from sharing a day, so that places close together end up on one
 * day. Every day keeps its windows, `mayJoin` (the variety rules) and its share of visits: a move never
 * leaves a day with more visits than the one it came from. Locked visits stay where they are.
 */
export function regroupByArea(
  problem: Problem,
  days: readonly DaySequence[],
  cost: Cost,
  mayJoin: (sequence: DaySequence, node: number) => boolean,
  together: Together = () => 0,
): number[][] {
  const result = days.map((day) => [...day])
  const movable = (node: number) => !problem.vertices[node - 1]!.fixed
  const fits = (t: number, sequence: DaySequence) => Number.isFinite(returnTime(problem, t, sequence))
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let improved = false
    for (let a = 0; a < result.length; a++) {
      for (let b = 0; b < result.length; b++) {
        if (a === b) continue
        const move = bestMove(problem, result, a, b, { cost, movable, fits, mayJoin, together })
        if (!move) continue
        result[a] = move.from
        result[b] = move.to
        improved = true
      }
    }
    if (!improved) break
  }
  return result
}

interface MoveRules {
  readonly cost: Cost
  readonly movable: (node: number) => boolean
  readonly fits: (t: number, sequence: DaySequence) => boolean
  readonly mayJoin: (sequence: DaySequence, node: number) => boolean
  readonly together: Together
}

/** The best relocation of one of day `a`'s visits to day `b`, or swap of one of each, that saves travel (neighbours' gain counted). */
function bestMove(problem: Problem, days: readonly number[][], a: number, b: number, { cost, movable, fits, mayJoin, together }: MoveRules) {
  const from = days[a]!
  const to = days[b]!
  const before = dayCost(from, cost) + dayCost(to, cost)
  const gain = (node: number, day: DaySequence) => day.reduce((sum, other) => sum + together(node, other), 0)
  let best: { from: number[]; to: number[]; saving: number } | undefined
  const consider = (newFrom: number[] | undefined, newTo: number[] | undefined, neighbours: number) => {
    if (!newFrom || !newTo) return
    const saving = before - dayCost(newFrom, cost) - dayCost(newTo, cost) + neighbours
    if (saving > WORTH_MINUTES && saving > (best?.saving ?? 0)) best = { from: newFrom, to: newTo, saving }
  }
  for (const x of from) {
    if (!movable(x)) continue
    const rest = from.filter((node) => node !== x)
    if (!fits(a, rest)) continue
    if (to.length + 1 <= rest.length + 1 && mayJoin(to, x)) consider(rest, withVisit(problem, b, to, x, cost), gain(x, to) - gain(x, rest))
    for (const y of to) {
      if (!movable(y)) continue
      const others = to.filter((node) => node !== y)
      if (!mayJoin(others, x) || !mayJoin(rest, y)) continue
      const neighbours = gain(x, others) - gain(x, rest) + gain(y, rest) - gain(y, others)
      consider(withVisit(problem, a, rest, y, cost), withVisit(problem, b, others, x, cost), neighbours)
    }
  }
  return best
}
