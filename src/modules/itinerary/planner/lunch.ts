import type { Problem } from './solver/index.ts'

/** Lunch: an hour (on the half-hour grid every plan keeps), starting no earlier than 12:00 and over by 14:30. */
export const LUNCH_MINUTES = 60
export const LUNCH_EARLIEST = 12 * 60
export const LUNCH_LATEST_END = 14 * 60 + 30
/** The start a traveller would choose: among the places it fits, the closest to this one. */
const LUNCH_PREFERRED = 12 * 60 + 30
const EPS = 1e-7
const NO_LUNCH = -1

export interface DaySchedule {
  /** Vertex numbers in visiting order. */
  readonly sequence: readonly number[]
  /** Each visit's start, minutes from midnight. */
  readonly starts: readonly number[]
  /** The lunch break's start, when the day runs through midday. */
  readonly lunch?: number
}

/**
 * Whether a day with these visits runs through midday: out before 12:00 and still out after 14:30. A day that
 * begins later (after a journey) or is over sooner has its lunch before or after it.
 */
const runsThroughMidday = (problem: Problem, sequence: readonly number[], starts: readonly number[]) =>
  sequence.length > 0 && starts[0]! < LUNCH_EARLIEST && starts.at(-1)! + problem.vertices[sequence.at(-1)! - 1]!.service > LUNCH_LATEST_END

/**
 * The day `t` visiting `sequence` in order with lunch taken after its `at`-th visit (0: before the first;
 * NO_LUNCH: none), right where the day passes: every visit as early as it can be, each window kept and the
 * base reached by `end`. Undefined when that cannot be done.
 */
function scheduleWithLunch(problem: Problem, t: number, sequence: readonly number[], at: number, end: number): DaySchedule | undefined {
  let time = problem.tours[t]!.start
  let previous = 0
  let lunch: number | undefined
  const starts: number[] = []
  const takeLunch = () => {
    lunch = Math.max(time, LUNCH_EARLIEST)
    time = lunch + LUNCH_MINUTES
    return lunch + LUNCH_MINUTES <= LUNCH_LATEST_END + EPS
  }
  for (const [k, node] of sequence.entries()) {
    const vertex = problem.vertices[node - 1]!
    // Lunch before the first visit is taken on the way to it, not at the base.
    if (k === at && k > 0 && !takeLunch()) return undefined
    let arrival = time + problem.travel[previous]![node]!
    if (k === at && k === 0) {
      time = arrival
      if (!takeLunch()) return undefined
      arrival = time
    }
    if (arrival > vertex.close + EPS) return undefined
    const start = Math.max(arrival, vertex.open)
    starts.push(start)
    time = start + vertex.service
    previous = node
  }
  if (at === sequence.length && !takeLunch()) return undefined
  if (time + problem.travel[previous]![0]! > end + EPS) return undefined
  return lunch === undefined ? { sequence, starts } : { sequence, starts, lunch }
}

/**
 * A day as the solver ordered it, with its lunch break: the solver planned the day an hour short (its tour
 * ends `LUNCH_MINUTES` before `end`), so the visits after lunch can move an hour later. Where no place in the
 * day holds lunch (a window would be missed), the lowest-scored visit that is not `fixed` makes room; a day
 * out only in the morning or only after lunch keeps no break.
 */
export function withLunch(problem: Problem, t: number, sequence: readonly number[], starts: readonly number[], end: number): DaySchedule {
  if (!runsThroughMidday(problem, sequence, starts)) return { sequence, starts }
  let kept = [...sequence]
  for (;;) {
    const plain = scheduleWithLunch(problem, t, kept, NO_LUNCH, end)
    if (!plain) return { sequence, starts }
    if (!runsThroughMidday(problem, kept, plain.starts)) return plain
    let best: DaySchedule | undefined
    for (let at = 0; at <= kept.length; at++) {
      const day = scheduleWithLunch(problem, t, kept, at, end)
      if (day && (!best || Math.abs(day.lunch! - LUNCH_PREFERRED) < Math.abs(best.lunch! - LUNCH_PREFERRED))) best = day
    }
    if (best) return best
    const droppable = kept.filter((node) => !problem.vertices[node - 1]!.fixed)
    if (droppable.length === 0) return { sequence, starts }
    const weakest = droppable.reduce((a, b) => (problem.vertices[b - 1]!.score < problem.vertices[a - 1]!.score ? b : a))
    kept = kept.filter((node) => node !== weakest)
  }
}
