import { describe, expect, it } from 'vitest'
import type { Problem } from './solver/index.ts'
import { withVisit } from './spread.ts'

describe('withVisit', () => {
  it('finds room in another order when no place in the day’s order has it: what closes first, first', () => {
    // A may start until 300, C until 100, B until 80; an hour each, 5 minutes between any two.
    const problem: Problem = {
      vertices: [
        { score: 1, service: 60, open: 0, close: 300 },
        { score: 1, service: 60, open: 0, close: 80 },
        { score: 1, service: 60, open: 0, close: 100 },
      ],
      travel: Array.from({ length: 4 }, (_, i) => Array.from({ length: 4 }, (_, j) => (i === j ? 0 : 5))),
      tours: [{ start: 0, end: 300 }],
    }
    expect(withVisit(problem, 0, [1, 3], 2, problem.travel)).toEqual([2, 3, 1])
  })
})
