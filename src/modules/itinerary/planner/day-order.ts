import { scheduleWithBreaks, type BreakRule, type DaySchedule } from './breaks.ts'
import { dayCost } from './spread.ts'
import type { Problem } from './solver/index.ts'

/** Days of up to this many visits are ordered by trying every order; longer ones by moving one visit at a time. */
const EVERY_ORDER_UP_TO = 7
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
  const limit = dayCost(day.sequence, ordering.costs) - GAIN
  const shorter: { sequence: number[]; cost: number }[] = []
  const places = [...day.sequence]
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
  for (const { sequence } of shorter) {
    const found = scheduled(sequence, ordering)
    if (found) return found
  }
  return day
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
