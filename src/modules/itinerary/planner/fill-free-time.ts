import type { BreakRule, DaySchedule } from './breaks.ts'
import { scheduleWithBreaks } from './breaks.ts'
import { minimiseTravel, type Problem, type Solution } from './solver/index.ts'
import { cheapestInsertion, dayCost } from './spread.ts'

/** Index lists as the solver's Solution shape, for its travel post-pass (which reschedules every visit). */
export const asSolution = (days: readonly (readonly number[])[]): Solution => ({
  tours: days.map((day) => ({ visits: day.map((vertex) => ({ vertex, arrival: 0, start: 0 })), returnTime: 0 })),
  score: 0,
  travel: 0,
  iterations: 0,
})

/**
 * Minutes a day may have left at its end before places next to another day's may fill it: Pompeii in the
 * morning, lunch, and an afternoon back in Naples by the Royal Palace rather than nothing.
 */
const EMPTY_AFTERNOON = 3 * 60

/** When a day's last visit ends, minutes from midnight (0 for an empty day). */
export const dayEnd = (day: DaySchedule, problem: Problem) =>
  day.sequence.length === 0 ? 0 : day.starts.at(-1)! + problem.vertices[day.sequence.at(-1)! - 1]!.service

/** How much longer than its least-travel order a filled day may be walked when only that order keeps its breaks. */
const FILLED_ROUTE_SLACK = 1.2

/** The most travel a place filling free time may add, against the minutes of its visit. */
const DETOUR_PER_VISIT = 2

/** How many of the places no day took are tried in the time a day's breaks left free. */
const FILL_TRIES = 30

/**
 * Puts places no day took into the time a day has left once its breaks are in (a visit dropped to make room
 * for lunch, the hour the solver kept for a lunch the day did not need), best first, each where it adds the
 * least travel, every window and break kept.
 */
export function fillFreedTime(
  problem: Problem,
  t: number,
  day: DaySchedule,
  fill: {
    readonly spare: ReadonlySet<number>
    readonly end: number
    readonly meals: readonly BreakRule[]
    readonly costs: Float64Array[]
    readonly mayJoin: (sequence: readonly number[], node: number) => boolean
    /** Whether a place is next to another day's places: it fills only that day, unless this one would end hours early. */
    readonly nearOtherDay: (node: number) => boolean
  },
): DaySchedule {
  const endsEarly = fill.end - dayEnd(day, problem) >= EMPTY_AFTERNOON
  let current = day
  // Candidates are numbered best first.
  for (const node of [...fill.spare].sort((a, b) => a - b).slice(0, FILL_TRIES)) {
    if ((!endsEarly && fill.nearOtherDay(node)) || !fill.mayJoin(current.sequence, node)) continue
    // No detour of more than twice the visit (14 km out at dusk, over an hour's ride, for half an hour at the Forth Bridge).
    const best = cheapestInsertion(
      current.sequence,
      node,
      fill.costs,
      (sequence) => scheduleWithBreaks(problem, t, sequence, fill.meals, fill.end),
      DETOUR_PER_VISIT * problem.vertices[node - 1]!.service,
    )
    if (best) current = best.day
  }
  if (current === day) return current
  // The filled day in its least-travel order over the whole day when its breaks fit that order; else as filled
  // when that order is not much longer, or the day as it was (a day walked in a long way round is no gain).
  const wholeDay: Problem = { ...problem, tours: problem.tours.map((tour, k) => (k === t ? { ...tour, end: fill.end } : tour)) }
  const reordered = minimiseTravel(wholeDay, asSolution(Array.from({ length: t + 1 }, (_, k) => (k === t ? current.sequence : []))), fill.costs).tours[t]!
  const shortest = reordered.visits.map((visit) => visit.vertex)
  const asFilled = dayCost(current.sequence, fill.costs) <= FILLED_ROUTE_SLACK * dayCost(shortest, fill.costs) ? current : day
  return scheduleWithBreaks(problem, t, shortest, fill.meals, fill.end) ?? asFilled
}
