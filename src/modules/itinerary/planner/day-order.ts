import { scheduleWithBreaks, type BreakRule, type DaySchedule } from './breaks.ts'
import { dayCost } from './spread.ts'
import type { Problem } from './solver/index.ts'

/** Days of up to this many visits are ordered by trying every order; longer ones by moving one visit at a time. */
const EVERY_ORDER_UP_TO = 7
/** The most orders tried, least travel first: beyond them a day's route is long anyway (and planning slow). */
const ORDERS_TRIED = 200
/** Less travel than this (minutes) is not worth a new order. */
const GAIN = 0.5

interface Ordering {
  readonly problem: Problem
  readonly t: number
  readonly meals: readonly BreakRule[]
  readonly end: number
  /** Minutes between places, the base (where the traveller stays) as place 0. */
  readonly costs: ReadonlyArray<ArrayLike<number>>
}

/**
 * The day's places in the order that travels least, out from the base and back, among the orders that keep
 * every opening window and break: the day as it was when no such order is shorter.
 */
export function leastTravelOrder(day: DaySchedule, ordering: Ordering): DaySchedule {
  if (day.sequence.length < 2) return day
  return day.sequence.length <= EVERY_ORDER_UP_TO ? bestOfEveryOrder(day, ordering) : improvedByMoves(day, ordering)
}

const scheduled = (sequence: readonly number[], { problem, t, meals, end }: Ordering) => scheduleWithBreaks(problem, t, sequence, meals, end)

function bestOfEveryOrder(day: DaySchedule, ordering: Ordering): DaySchedule {
  return leastTravelSchedule(day.sequence, ordering, dayCost(day.sequence, ordering.costs) - GAIN) ?? day
}

/** The least-travel order of these places under `limit` minutes that keeps every window and break, if any. */
function leastTravelSchedule(places: readonly number[], ordering: Ordering, limit: number): DaySchedule | undefined {
  const shorter: { sequence: number[]; cost: number }[] = []
  const used = new Array<boolean>(places.length).fill(false)
  const path: number[] = []
  // Orders shorter than the day's, the partial route's travel bounding the search.
  const extend = (from: number, travelled: number) => {
    if (path.length === places.length) {
      const cost = travelled + ordering.costs[from]![0]!
      if (cost < limit) shorter.push({ sequence: [...path], cost })
      return
    }
    for (let k = 0; k < places.length; k++) {
      if (used[k]) continue
      const next = travelled + ordering.costs[from]![places[k]!]!
      if (next >= limit) continue
      used[k] = true
      path.push(places[k]!)
      extend(places[k]!, next)
      path.pop()
      used[k] = false
    }
  }
  extend(0, 0)
  shorter.sort((a, b) => a.cost - b.cost)
  for (const { sequence } of shorter.slice(0, ORDERS_TRIED)) {
    const found = scheduled(sequence, ordering)
    if (found) return found
  }
  return undefined
}

/**
 * The day as the solver chose it with the breaks it needs (the solver planned it an hour short, so the
 * visits after lunch can move an hour later): in the given order, else in the least-travel order that keeps
 * them. Where no order does (a window would be missed), the lowest-scored visit that is not `fixed` makes
 * room; a day whose visits do not fit at all stays as planned.
 */
export function withBreaks(sequence: readonly number[], starts: readonly number[], ordering: Ordering): DaySchedule {
  const { problem, t, end } = ordering
  const asPlanned = { sequence, starts, breaks: [] }
  let kept = [...sequence]
  for (;;) {
    if (!scheduleWithBreaks(problem, t, kept, [], end)) return asPlanned
    const day = scheduled(kept, ordering) ?? (kept.length <= EVERY_ORDER_UP_TO ? leastTravelSchedule(kept, ordering, Infinity) : undefined)
    if (day) return day
    const droppable = kept.filter((node) => !problem.vertices[node - 1]!.fixed)
    if (droppable.length === 0) return asPlanned
    const weakest = droppable.reduce((a, b) => (problem.vertices[b - 1]!.score < problem.vertices[a - 1]!.score ? b : a))
    kept = kept.filter((node) => node !== weakest)
  }
}

function improvedByMoves(day: DaySchedule, ordering: Ordering): DaySchedule {
  let current = day
  let cost = dayCost(current.sequence, ordering.costs)
  for (let improved = true; improved;) {
    improved = false
    for (let from = 0; from < current.sequence.length && !improved; from++) {
      const node = current.sequence[from]!
      const rest = current.sequence.filter((_, k) => k !== from)
      for (let to = 0; to <= rest.length && !improved; to++) {
        const sequence = [...rest.slice(0, to), node, ...rest.slice(to)]
        const candidateCost = dayCost(sequence, ordering.costs)
        if (candidateCost >= cost - GAIN) continue
        const found = scheduled(sequence, ordering)
        if (!found) continue
        current = found
        cost = candidateCost
        improved = true
      }
    }
  }
  return current
}
