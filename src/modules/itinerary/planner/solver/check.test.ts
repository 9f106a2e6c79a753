import { describe, expect, it } from 'vitest'
import { benchmarkProblem, parseBenchmarkInstance } from './benchmark-format.ts'
import { checkTours } from './check.ts'
import type { Problem } from './problem.ts'

/** The depot and the ten vertices of Righini & Salani's optimal c101 tour (m = 1), renumbered 1..10 in tour order. */
const c101Excerpt = `4 10 10 1
0 200
  0 40.00 50.00 0.00 0.00 0 0 0 1236
 57 40.00 15.00 90.00 40.00 1 1 1 35 87
 63 50.00 40.00 90.00 50.00 1 1 1 171 218
 62 50.00 35.00 90.00 20.00 1 1 1 262 317
 74 53.00 35.00 90.00 50.00 1 1 1 353 412
 93 65.00 85.00 90.00 40.00 1 1 1 475 518
 97 60.00 85.00 90.00 30.00 1 1 1 561 622
 12 25.00 85.00 90.00 20.00 1 1 1 652 721
  2 45.00 70.00 90.00 30.00 1 1 1 825 870
 21 30.00 52.00 90.00 20.00 1 1 1 914 965
 75 45.00 65.00 90.00 20.00 1 1 1 997 1068
`

const c101 = benchmarkProblem(parseBenchmarkInstance(c101Excerpt), 1, 1)
const optimalTour = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

describe('checkTours', () => {
  it('accepts the published optimal c101 tour (0 57 63 62 74 93 97 12 2 21 75 0) with its score of 320', () => {
    const result = checkTours(c101, [optimalTour])
    expect(result.violations).toEqual([])
    expect(result.feasible).toBe(true)
    expect(result.score).toBe(320)
  })

  it('rejects a tour that reaches a vertex after its window closed, and scores it 0', () => {
    const swapped = [1, 2, 3, 4, 5, 6, 7, 9, 8, 10]
    const result = checkTours(c101, [swapped])
    expect(result.feasible).toBe(false)
    expect(result.score).toBe(0)
    expect(result.violations.join('\n')).toMatch(/after its close/)
  })

  it('rejects a tour that is back after the end of its window', () => {
    const shorter: Problem = { ...c101, tours: [{ start: 0, end: 1100 }] }
    const result = checkTours(shorter, [optimalTour])
    expect(result.feasible).toBe(false)
    expect(result.violations.join('\n')).toMatch(/returns at .* after its end 1100/)
  })

  it('rejects a vertex visited twice, an unknown vertex, a wrong number of tours and a forbidden tour', () => {
    const two: Problem = {
      ...c101,
      tours: [
        { start: 0, end: 10_000 },
        { start: 0, end: 10_000 },
      ],
    }
    expect(checkTours(two, [[1], [1]]).violations).toContain('vertex 1 visited more than once')
    expect(checkTours(two, [[11], []]).violations).toContain('tour 0: 11 is not a vertex')
    expect(checkTours(two, [[1]]).violations).toContain('1 tours, expected 2')
    const restricted: Problem = { ...two, vertices: two.vertices.map((v, k) => (k === 0 ? { ...v, allowedTours: [1] } : v)) }
    expect(checkTours(restricted, [[1], []]).violations).toContain('vertex 1 is not allowed in tour 0')
    expect(checkTours(restricted, [[], [1]]).feasible).toBe(true)
  })

  it('lets a tour wait for a window to open', () => {
    const problem: Problem = {
      vertices: [{ score: 3, service: 10, open: 100, close: 120 }],
      travel: [
        [0, 5],
        [5, 0],
      ],
      tours: [{ start: 0, end: 115 }],
    }
    expect(checkTours(problem, [[1]])).toMatchObject({ feasible: true, score: 3, travel: 10 })
    expect(checkTours({ ...problem, tours: [{ start: 0, end: 114 }] }, [[1]]).feasible).toBe(false)
  })
})
