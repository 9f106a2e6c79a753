import { describe, expect, it } from 'vitest'
import { LUNCH, scheduleWithBreaks, type DaySchedule } from './breaks.ts'
import { joinNeighbours } from './join-neighbours.ts'
import type { Problem } from './solver/index.ts'

/**
 * Two days from a base, places `at` minutes out along one street (a place's neighbours are those within 5
 * minutes of it), each visit `service` minutes, 09:00 to 19:00.
 */
function street(at: readonly number[], service: readonly number[], fixed: readonly number[] = []) {
  const points = [0, ...at]
  const costs = points.map((a) => Float64Array.from(points, (b) => Math.abs(a - b)))
  const problem: Problem = {
    vertices: at.map((_, k) => ({ score: 1, service: service[k]!, open: 0, close: 24 * 60, ...(fixed.includes(k + 1) ? { fixed: true } : {}) })),
    travel: costs,
    tours: [
      { start: 9 * 60, end: 19 * 60 },
      { start: 9 * 60, end: 19 * 60 },
    ],
  }
  const day = (t: number, sequence: number[]): DaySchedule => scheduleWithBreaks(problem, t, sequence, [LUNCH], 19 * 60)!
  const join = (days: DaySchedule[]) =>
    joinNeighbours(days, {
      problem,
      meals: [LUNCH],
      ends: [19 * 60, 19 * 60],
      costs,
      together: (a, b) => (Math.abs(points[a]! - points[b]!) <= 5 ? 30 : 0),
      mayJoin: () => true,
    })
  return { day, join }
}

describe('neighbours joined once the breaks are in', () => {
  it('moves a visit to the day of the places next door when that day has room, its lunch kept', () => {
    // Day 1: three places in the west and one (4) next to day 2's places in the east; day 2 has room.
    const { day, join } = street([10, 12, 14, 60, 62, 64], [90, 90, 90, 30, 90, 180])
    const [first, second] = join([day(0, [1, 2, 3, 4]), day(1, [5, 6])])
    expect(first!.sequence.toSorted()).toEqual([1, 2, 3])
    expect(second!.sequence.toSorted()).toEqual([4, 5, 6])
    expect(second!.breaks.map((pause) => pause.kind)).toEqual(['lunch'])
  })

  it('leaves a day at least two visits, and a fixed (locked) visit where it is', () => {
    const { day, join } = street([10, 60, 62, 64], [90, 30, 60, 60], [2])
    const days = [day(0, [1, 2]), day(1, [3, 4])]
    expect(join(days).map((schedule) => schedule.sequence)).toEqual(days.map((schedule) => schedule.sequence))
  })

  it('moves nothing into a day without room for it', () => {
    // Day 2 is full from 09:00 to 19:00 with its lunch: the neighbour stays on day 1.
    const { day, join } = street([10, 12, 14, 60, 62, 64], [90, 90, 90, 30, 150, 240])
    const days = [day(0, [1, 2, 3, 4]), day(1, [5, 6])]
    expect(join(days)[1]!.sequence).toEqual([5, 6])
  })
})
