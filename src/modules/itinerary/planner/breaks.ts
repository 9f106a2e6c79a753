import type { Problem } from './solver/index.ts'

/**
 * A day's meal breaks, put into a day the solver ordered: where the day passes (right after a visit, the way
 * to the next one after the meal), each an hour on the half-hour grid every plan keeps, in its part of the
 * day. Pure.
 */
export interface BreakRule {
  readonly kind: 'lunch' | 'dinner'
  readonly minutes: number
  /** The break starts no earlier than this... */
  readonly earliest: number
  /** ...and is over by this (minutes from midnight). */
  readonly latestEnd: number
  /** The start a traveller would choose: among the places it fits, the closest to this one. */
  readonly preferred: number
  /** Whether a day with these visits (as scheduled without the break) needs it. */
  readonly needed: (problem: Problem, sequence: readonly number[], starts: readonly number[]) => boolean
}

export const LUNCH_MINUTES = 60
export const LUNCH_EARLIEST = 12 * 60
export const LUNCH_LATEST_END = 14 * 60 + 30

/** A visit this long is a day at one site (Petra, a national park, a reef cruise): its lunch is taken there. */
export const DAY_AT_A_SITE_MINUTES = 300

/**
 * Lunch, on a day out before 12:00 and still out after 14:30; a day that begins later or is over sooner eats
 * before or after it, and a day at one site eats there.
 */
export const LUNCH: BreakRule = {
  kind: 'lunch',
  minutes: LUNCH_MINUTES,
  earliest: LUNCH_EARLIEST,
  latestEnd: LUNCH_LATEST_END,
  preferred: 12 * 60 + 30,
  needed: (problem, sequence, starts) =>
    sequence.length > 0 &&
    starts[0]! < LUNCH_EARLIEST &&
    starts.at(-1)! + problem.vertices[sequence.at(-1)! - 1]!.service > LUNCH_LATEST_END &&
    !sequence.some((node) => problem.vertices[node - 1]!.service >= DAY_AT_A_SITE_MINUTES),
}

/** Dinner, between 18:00 and 22:00, on a day with an evening: one of its visits is an evening place (a show, a bar). */
export const dinnerBefore = (isEvening: (node: number) => boolean): BreakRule => ({
  kind: 'dinner',
  minutes: 60,
  earliest: 18 * 60,
  latestEnd: 22 * 60,
  preferred: 19 * 60,
  needed: (_, sequence) => sequence.some(isEvening),
})

export interface PlacedBreak {
  readonly kind: BreakRule['kind']
  /** Minutes from midnight. */
  readonly start: number
  readonly minutes: number
}

export interface DaySchedule {
  /** Vertex numbers in visiting order. */
  readonly sequence: readonly number[]
  /** Each visit's start, minutes from midnight. */
  readonly starts: readonly number[]
  readonly breaks: readonly PlacedBreak[]
}

const EPS = 1e-7

/** A break taken before the `at`-th visit of the day (the day's length: after the last). */
interface Placement {
  readonly rule: BreakRule
  readonly at: number
}

/**
 * The day `t` visiting `sequence` in order with these breaks: every visit as early as it can be, each window
 * kept and the base reached by `end`. Undefined when that cannot be done.
 */
function schedule(problem: Problem, t: number, sequence: readonly number[], placements: readonly Placement[], end: number): DaySchedule | undefined {
  let time = problem.tours[t]!.start
  let previous = 0
  const starts: number[] = []
  const breaks: PlacedBreak[] = []
  const takeBreaks = (at: number) => {
    for (const { rule } of placements.filter((placement) => placement.at === at)) {
      const start = Math.max(time, rule.earliest)
      if (start + rule.minutes > rule.latestEnd + EPS) return false
      breaks.push({ kind: rule.kind, start, minutes: rule.minutes })
      time = start + rule.minutes
    }
    return true
  }
  for (const [k, node] of sequence.entries()) {
    const vertex = problem.vertices[node - 1]!
    if (vertex.allowedTours && !vertex.allowedTours.includes(t)) return undefined
    // A break before the first visit is taken on the way to it, not at the base; any other where the last visit ends.
    if (k === 0) time += problem.travel[0]![node]!
    if (!takeBreaks(k)) return undefined
    const arrival = k === 0 ? time : time + problem.travel[previous]![node]!
    if (arrival > vertex.close + EPS) return undefined
    const start = Math.max(arrival, vertex.open)
    starts.push(start)
    time = start + vertex.service
    previous = node
  }
  if (sequence.length > 0 && !takeBreaks(sequence.length)) return undefined
  if (time + problem.travel[previous]![0]! > end + EPS) return undefined
  return { sequence, starts, breaks }
}

/** The rules' breaks placed one by one, each where it starts closest to its preferred time; undefined when one does not fit. */
function placeAll(problem: Problem, t: number, sequence: readonly number[], rules: readonly BreakRule[], end: number): DaySchedule | undefined {
  let placed: Placement[] = []
  let day = schedule(problem, t, sequence, placed, end)
  for (const rule of rules) {
    let best: { day: DaySchedule; placement: Placement; distance: number } | undefined
    for (let at = 0; at <= sequence.length; at++) {
      const placement = { rule, at }
      const candidate = schedule(problem, t, sequence, [...placed, placement], end)
      const start = candidate?.breaks.find((pause) => pause.kind === rule.kind)?.start
      if (candidate && start !== undefined && (!best || Math.abs(start - rule.preferred) < best.distance))
        best = { day: candidate, placement, distance: Math.abs(start - rule.preferred) }
    }
    if (!best) return undefined
    placed = [...placed, best.placement]
    day = best.day
  }
  return day
}

/** The day `t` visiting `sequence` in order with the breaks it needs, or undefined when they cannot all be kept. */
export function scheduleWithBreaks(
  problem: Problem,
  t: number,
  sequence: readonly number[],
  rules: readonly BreakRule[],
  end: number,
): DaySchedule | undefined {
  const plain = schedule(problem, t, sequence, [], end)
  if (!plain) return undefined
  const needed = rules.filter((rule) => rule.needed(problem, sequence, plain.starts))
  return needed.length === 0 ? plain : placeAll(problem, t, sequence, needed, end)
}
