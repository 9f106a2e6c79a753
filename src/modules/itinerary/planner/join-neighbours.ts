import { scheduleWithBreaks, type BreakRule, type DaySchedule } from './breaks.ts'
import { leastTravelOrder } from './day-order.ts'
import type { Problem } from './solver/index.ts'
import { cheapestInsertion } from './spread.ts'

interface Joining {
  readonly problem: Problem
  readonly meals: readonly BreakRule[]
  /** Each day's last minute, breaks included. */
  readonly ends: readonly number[]
  /** Minutes between places, the base (where the traveller stays) as place 0. */
  readonly costs: ReadonlyArray<ArrayLike<number>>
  /** What two places gain from one day (next door, linked by the reviewed data). */
  readonly together: (a: number, b: number) => number
  /** The variety rules: whether a place may join a day. */
  readonly mayJoin: (sequence: readonly number[], node: number) => boolean
}

/** A day keeps at least this many visits when one of them leaves for its neighbours' day. */
const KEPT_VISITS = 2

/**
 * The last look at the days, with their breaks in: a visit whose neighbours are on another day moves to
 * theirs when that day still has room for it, breaks and windows kept, and the day it leaves keeps two
 * visits. The days are regrouped by area before their breaks are known; a break can then leave a day room
 * that the regrouping could not count on (a morning at Pompeii, lunch, and the afternoon back in Naples by
 * the Royal Palace: the Piazza del Plebiscito beside it joins that day). Fixed (locked) visits stay.
 */
export function joinNeighbours(days: readonly DaySchedule[], how: Joining): DaySchedule[] {
  const result = [...days]
  const gainOn = (sequence: readonly number[], node: number) => sequence.reduce((sum, other) => (other === node ? sum : sum + how.together(node, other)), 0)
  const ordering = (t: number) => ({ problem: how.problem, t, meals: how.meals, end: how.ends[t]!, costs: how.costs })
  for (let from = 0; from < result.length; from++) {
    for (const node of result[from]!.sequence) {
      const source = result[from]!
      if (how.problem.vertices[node - 1]!.fixed || source.sequence.length <= KEPT_VISITS) continue
      const rest = source.sequence.filter((other) => other !== node)
      const left = scheduleWithBreaks(how.problem, from, rest, how.meals, how.ends[from]!)
      if (!left) continue
      let best: { t: number; day: DaySchedule; gain: number; added: number } | undefined
      for (let t = 0; t < result.length; t++) {
        const target = result[t]!.sequence
        const gain = gainOn(target, node) - gainOn(rest, node)
        if (t === from || gain <= 0 || (best && gain < best.gain) || !how.mayJoin(target, node)) continue
        const joined = cheapestInsertion(target, node, how.costs, (sequence) => scheduleWithBreaks(how.problem, t, sequence, how.meals, how.ends[t]!))
        if (joined && (!best || gain > best.gain || joined.added < best.added)) best = { t, gain, ...joined }
      }
      if (!best) continue
      result[best.t] = leastTravelOrder(best.day, ordering(best.t))
      result[from] = leastTravelOrder(left, ordering(from))
    }
  }
  return result
}
