import { returnTime, type Problem } from './solver/index.ts'

/** A day as the solver numbers it: vertex numbers (1..N) in visiting order. */
export type DaySequence = readonly number[]

/** A day's travel by `cost`, out from the base (node 0) and back to it included. */
export const dayCost = (sequence: DaySequence, cost: ReadonlyArray<ArrayLike<number>>) =>
  sequence.length === 0 ? 0 : sequence.reduce((sum, node, k) => sum + cost[k > 0 ? sequence[k - 1]! : 0]![node]!, 0) + cost[sequence.at(-1)!]![0]!

/**
 * `node` put into `sequence` where it adds the least travel among the places `schedule` accepts (the first
 * such place on a tie), with the travel it adds; none when it adds more than `most` minutes everywhere it fits.
 */
export function cheapestInsertion<Day>(
  sequence: DaySequence,
  node: number,
  cost: ReadonlyArray<ArrayLike<number>>,
  schedule: (sequence: DaySequence) => Day | undefined,
  most = Infinity,
): { readonly day: Day; readonly added: number } | undefined {
  const before = dayCost(sequence, cost)
  let best: { day: Day; added: number } | undefined
  for (let at = 0; at <= sequence.length; at++) {
    const longer = [...sequence.slice(0, at), node, ...sequence.slice(at)]
    const added = dayCost(longer, cost) - before
    if (added > most || (best && added >= best.added)) continue
    const day = schedule(longer)
    if (day) best = { day, added }
  }
  return best
}

/**
 * The day `t` with one more visit where it adds the least travel and keeps the day feasible, or undefined.
 * When no place in the day's order will do, the day's visits by their latest start (the castle that closes
 * first, first) are tried: an order the day was not yet in may have room.
 */
export function withVisit(problem: Problem, t: number, sequence: DaySequence, node: number, cost: ReadonlyArray<ArrayLike<number>>): number[] | undefined {
  let best: number[] | undefined
  let bestCost = Infinity
  for (let k = 0; k <= sequence.length; k++) {
    const candidate = [...sequence.slice(0, k), node, ...sequence.slice(k)]
    const candidateCost = dayCost(candidate, cost)
    if (candidateCost < bestCost && Number.isFinite(returnTime(problem, t, candidate))) {
      best = candidate
      bestCost = candidateCost
    }
  }
  if (best) return best
  const byLatestStart = [...sequence, node].sort((a, b) => problem.vertices[a - 1]!.close - problem.vertices[b - 1]!.close)
  return Number.isFinite(returnTime(problem, t, byLatestStart)) ? byLatestStart : undefined
}

/**
 * A solver maximising the total score has no reason to spread a small city's places over all its days.
 * This moves visits from the fullest day to the emptiest, lowest score first, while they differ by two
 * or more and a move fits (and `mayJoin` allows it), so no day is left empty while another has visits to
 * spare.
 */
export function spreadOverDays(
  problem: Problem,
  days: readonly DaySequence[],
  cost: ReadonlyArray<ArrayLike<number>>,
  mayJoin: (sequence: DaySequence, node: number) => boolean = () => true,
): number[][] {
  const result = days.map((day) => [...day])
  for (;;) {
    const order = result.map((day, index) => ({ index, length: day.length })).sort((a, b) => a.length - b.length || a.index - b.index)
    const emptiest = order[0]!
    const fullest = order[order.length - 1]!
    if (fullest.length - emptiest.length < 2) return result
    const donor = result[fullest.index]!
    const byScore = [...donor].sort((a, b) => problem.vertices[a - 1]!.score - problem.vertices[b - 1]!.score)
    const move = byScore
      .filter((node) => mayJoin(result[emptiest.index]!, node))
      .map((node) => ({ node, target: withVisit(problem, emptiest.index, result[emptiest.index]!, node, cost), rest: donor.filter((other) => other !== node) }))
      .find(({ target, rest }) => target && Number.isFinite(returnTime(problem, fullest.index, rest)))
    if (!move) return result
    result[emptiest.index] = move.target!
    result[fullest.index] = move.rest
  }
}
