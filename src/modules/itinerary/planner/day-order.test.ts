import { describe, expect, it } from 'vitest'
import { LUNCH, scheduleWithBreaks } from './breaks.ts'
import { leastTravelOrder, withBreaks } from './day-order.ts'
import type { Problem } from './solver/index.ts'
import { dayCost } from './spread.ts'

/** Places on a line east of the base, `at` minutes out; each visit `service` minutes, open all day unless told. */
function lineOfPlaces(at: readonly number[], { service = 90, windows = {} }: { service?: number; windows?: Record<number, [number, number]> } = {}) {
  const points = [0, ...at]
  const costs = points.map((a) => Float64Array.from(points, (b) => Math.abs(a - b)))
  const problem: Problem = {
    vertices: at.map((_, k) => ({ score: 1, service, open: windows[k + 1]?.[0] ?? 0, close: windows[k + 1]?.[1] ?? 24 * 60 })),
    travel: costs,
    tours: [{ start: 9 * 60, end: 19 * 60 }],
  }
  return { problem, costs }
}

const plan = (problem: Problem, sequence: number[]) => scheduleWithBreaks(problem, 0, sequence, [LUNCH], problem.tours[0]!.end)!

describe('a day in the order that travels least', () => {
  it('visits places along a street one after the other, out and back, with lunch kept', () => {
    const { problem, costs } = lineOfPlaces([10, 40, 20, 30])
    const zigzag = plan(problem, [2, 1, 4, 3])
    const day = leastTravelOrder(zigzag, { problem, t: 0, meals: [LUNCH], end: problem.tours[0]!.end, costs })
    expect([day.sequence, day.sequence.toReversed()]).toContainEqual([1, 3, 4, 2])
    expect(day.breaks.map((pause) => pause.kind)).toEqual(['lunch'])
  })

  it('keeps a longer order when only it meets a place’s opening hours', () => {
    // The far place opens only in the morning: it comes first, though the near one is on the way.
    const { problem, costs } = lineOfPlaces([10, 40], { windows: { 2: [9 * 60, 10 * 60] } })
    const day = leastTravelOrder(plan(problem, [2, 1]), { problem, t: 0, meals: [LUNCH], end: problem.tours[0]!.end, costs })
    expect(day.sequence).toEqual([2, 1])
  })

  it('orders a long day by moving one place at a time', () => {
    const at = [10, 30, 20, 40, 60, 50, 80, 70]
    const { problem, costs } = lineOfPlaces(at, { service: 30 })
    const day = leastTravelOrder(plan(problem, [1, 2, 3, 4, 5, 6, 7, 8]), { problem, t: 0, meals: [LUNCH], end: problem.tours[0]!.end, costs })
    // Out to the farthest place and back, no stretch of the street walked twice: 2 × 80 minutes.
    expect(dayCost(day.sequence, costs)).toBe(160)
    expect(dayCost([1, 2, 3, 4, 5, 6, 7, 8], costs)).toBe(200)
  })

  it('finds lunch a place in another order before it drops a visit for it', () => {
    // Two long visits and a short one on a street, 09:00 to 17:00: as given (long, long, short) lunch fits
    // nowhere; with the short one between the long ones it does.
    const { problem, costs } = lineOfPlaces([10, 20, 30])
    const day: Problem = {
      ...problem,
      vertices: problem.vertices.map((vertex, k) => ({ ...vertex, service: [150, 150, 60][k]! })),
      tours: [{ start: 9 * 60, end: 17 * 60 }],
    }
    const ordering = { problem: day, t: 0, meals: [LUNCH], end: 17 * 60, costs }
    expect(scheduleWithBreaks(day, 0, [1, 2, 3], [LUNCH], 17 * 60)).toBeUndefined()
    const planned = withBreaks([1, 2, 3], [], ordering)
    expect(planned.sequence.toSorted()).toEqual([1, 2, 3])
    expect(planned.breaks.map((pause) => pause.kind)).toEqual(['lunch'])
  })
})
