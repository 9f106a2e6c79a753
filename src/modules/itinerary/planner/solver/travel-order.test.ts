import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkTours } from './check.ts'
import type { Problem, Solution } from './problem.ts'
import { solveToptw } from './solve.ts'
import { problemArbitrary } from './test-instances.ts'
import { minimiseTravel, returnTime } from './travel-order.ts'

const legCost = (cost: ReadonlyArray<ArrayLike<number>>, sequence: ReadonlyArray<number>) =>
  sequence.reduce((sum, node, k) => sum + cost[k === 0 ? 0 : sequence[k - 1]!]![node]!, 0) + cost[sequence.at(-1) ?? 0]![0]!

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items]
  return items.flatMap((x, k) => permutations([...items.slice(0, k), ...items.slice(k + 1)]).map((rest) => [x, ...rest]))
}

const sequences = (solution: Solution) => solution.tours.map((t) => t.visits.map((v) => v.vertex))

describe('minimiseTravel', () => {
  it('keeps every tour feasible with the same vertices and score, and never travels more', () => {
    fc.assert(
      fc.property(problemArbitrary({ minVertices: 1, maxVertices: 40, maxTours: 3 }), (problem) => {
        const solution = solveToptw(problem, { maxIterations: 20 })
        const ordered = minimiseTravel(problem, solution)
        const check = checkTours(problem, sequences(ordered))
        expect(check.violations).toEqual([])
        expect(ordered.score).toBe(solution.score)
        expect(check.score).toBeCloseTo(solution.score, 6)
        sequences(ordered).forEach((tour, t) => expect([...tour].sort()).toEqual([...sequences(solution)[t]!].sort()))
        sequences(ordered).forEach((tour, t) =>
          expect(legCost(problem.travel, tour)).toBeLessThanOrEqual(legCost(problem.travel, sequences(solution)[t]!) + 1e-6),
        )
        expect(ordered.travel).toBeCloseTo(check.travel, 6)
      }),
      { numRuns: 100 },
    )
  })

  it("finds the cheapest feasible order of a short tour under the caller's cost matrix", () => {
    fc.assert(
      fc.property(
        problemArbitrary({ minVertices: 3, maxVertices: 12, maxTours: 1 }),
        fc.array(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 13, maxLength: 13 }), { minLength: 13, maxLength: 13 }),
        (problem, costs) => {
          const solution = solveToptw(problem, { maxIterations: 20 })
          const tour = sequences(solution)[0]!
          fc.pre(tour.length >= 2 && tour.length <= 7)
          const ordered = sequences(minimiseTravel(problem, solution, costs))[0]!
          const best = Math.min(
            ...permutations(tour)
              .filter((p) => Number.isFinite(returnTime(problem, 0, p)))
              .map((p) => legCost(costs, p)),
          )
          expect(legCost(costs, ordered)).toBeCloseTo(best, 9)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('prefers the shorter walk when both orders fit the day', () => {
    // Both orders take the same time; by the caller's distances, 1 then 2 walks 1 + 1 + 2 = 4 km while
    // 2 then 1 walks 2 + 9 + 1 = 12 km.
    const problem: Problem = {
      vertices: [
        { score: 1, service: 30, open: 0, close: 1000 },
        { score: 1, service: 30, open: 0, close: 1000 },
      ],
      travel: [
        [0, 30, 30],
        [30, 0, 30],
        [30, 30, 0],
      ],
      tours: [{ start: 0, end: 1000 }],
    }
    const distances = [
      [0, 1, 2],
      [1, 0, 1],
      [2, 9, 0],
    ]
    const solution: Solution = {
      ...solveToptw(problem),
      tours: [
        {
          visits: [
            { vertex: 2, arrival: 30, start: 30 },
            { vertex: 1, arrival: 90, start: 90 },
          ],
          returnTime: 150,
        },
      ],
    }
    const ordered = minimiseTravel(problem, solution, distances)
    expect(sequences(ordered)).toEqual([[1, 2]])
    expect(ordered.tours[0]!.visits.map((v) => v.start)).toEqual([30, 90])
  })
})
