import { describe, expect, it } from 'vitest'
import { LUNCH, scheduleWithBreaks } from './breaks.ts'
import { fillFreedTime } from './fill-free-time.ts'
import type { Problem } from './solver/index.ts'

/** Places on a line east of the base, `at` minutes out; visits of `service` minutes, open 09:00 to 18:00. */
function line(at: readonly number[], service: readonly number[]) {
  const points = [0, ...at]
  const costs = points.map((a) => Float64Array.from(points, (b) => Math.abs(a - b)))
  const problem: Problem = {
    vertices: at.map((_, k) => ({ score: 1, service: service[k]!, open: 9 * 60, close: 18 * 60 })),
    travel: costs,
    tours: [{ start: 9 * 60, end: 19 * 60 }],
  }
  const fill = (sequence: number[], spare: number[], nearOtherDay: (node: number) => boolean = () => false) =>
    fillFreedTime(problem, 0, scheduleWithBreaks(problem, 0, sequence, [LUNCH], 19 * 60)!, {
      spare: new Set(spare),
      end: 19 * 60,
      meals: [LUNCH],
      costs,
      mayJoin: () => true,
      nearOtherDay,
    }).sequence
  return { fill }
}

describe('a day’s free time filled with places no day took', () => {
  it('takes no place whose detour is more than twice its visit', () => {
    // A morning in town; the spare places: one an hour and a half out for half an hour, one next door.
    const { fill } = line([10, 100, 15], [120, 30, 30])
    expect(fill([1], [2, 3]).toSorted()).toEqual([1, 3])
  })

  it('leaves a place next to another day’s places to that day, unless this one would end hours early', () => {
    // Day of two long visits until about 15:00: the neighbour of another day waits for its day.
    const full = line([10, 20, 25], [180, 180, 60])
    expect(full.fill([1, 2], [3], (node) => node === 3)).toEqual([1, 2])
    // A long morning out of town that ends at 13:30: the afternoon takes it rather than stay empty.
    const morning = line([60, 20], [240, 60])
    expect(morning.fill([1], [2], (node) => node === 2).toSorted()).toEqual([1, 2])
  })
})
