import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkTours } from './check.ts'
import type { Problem, Solution } from './problem.ts'
import { interactiveBudget, solveToptw } from './solve.ts'
import { bruteForceOptimum, euclideanTravel, problemArbitrary } from './test-instances.ts'

const sequences = (solution: Solution) => solution.tours.map((t) => t.visits.map((v) => v.vertex))

/** The times the solver reports must be the ones the route really has. */
function expectReportedTimesMatch(problem: Problem, solution: Solution) {
  solution.tours.forEach((tour, t) => {
    let time = problem.tours[t]!.start
    let at = 0
    for (const visit of tour.visits) {
      const vertex = problem.vertices[visit.vertex - 1]!
      const arrival = time + problem.travel[at]![visit.vertex]!
      expect(visit.arrival).toBeCloseTo(arrival, 6)
      expect(visit.start).toBeCloseTo(Math.max(arrival, vertex.open), 6)
      time = visit.start + vertex.service
      at = visit.vertex
    }
    expect(tour.returnTime).toBeCloseTo(time + problem.travel[at]![0]!, 6)
  })
}

describe('solveToptw', () => {
  it('returns feasible tours whose score the checker confirms, on random instances', () => {
    fc.assert(
      fc.property(problemArbitrary({ minVertices: 0, maxVertices: 40, maxTours: 4 }), fc.integer({ min: 1, max: 1000 }), (problem, seed) => {
        const solution = solveToptw(problem, { seed, maxIterations: 30 })
        const check = checkTours(problem, sequences(solution))
        expect(check.violations).toEqual([])
        expect(solution.score).toBeCloseTo(check.score, 6)
        expect(solution.tours).toHaveLength(problem.tours.length)
        expectReportedTimesMatch(problem, solution)
        // Vertices that close before anyone can reach them, or score nothing, are never visited.
        for (const node of sequences(solution).flat()) {
          const vertex = problem.vertices[node - 1]!
          expect(vertex.score).toBeGreaterThan(0)
          expect(problem.travel[0]![node]! + Math.min(...problem.tours.map((t) => t.start))).toBeLessThanOrEqual(vertex.close + 1e-6)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('keeps long searches over several tours feasible (tours recombined from the route pool)', () => {
    const severalTours = problemArbitrary({ minVertices: 15, maxVertices: 40, maxTours: 4 }).filter((problem) => problem.tours.length > 1)
    fc.assert(
      fc.property(severalTours, fc.integer({ min: 1, max: 1000 }), (problem, seed) => {
        const solution = solveToptw(problem, { seed, maxIterations: 150, maxIterationsWithoutImprovement: 150 })
        const check = checkTours(problem, sequences(solution))
        expect(check.violations).toEqual([])
        expect(solution.score).toBeCloseTo(check.score, 6)
        expectReportedTimesMatch(problem, solution)
      }),
      { numRuns: 25 },
    )
  })

  it('gives the same answer for the same input and seed', () => {
    fc.assert(
      fc.property(problemArbitrary({ minVertices: 5, maxVertices: 40, maxTours: 4 }), fc.integer({ min: 1, max: 1000 }), (problem, seed) => {
        const a = solveToptw(problem, { seed, maxIterations: 40 })
        const b = solveToptw(problem, { seed, maxIterations: 40 })
        expect(sequences(b)).toEqual(sequences(a))
        expect(b.score).toBe(a.score)
      }),
      { numRuns: 40 },
    )
  })

  it('gives the same answer on every run with the default and the interactive budgets', () => {
    const [problem] = fc.sample(problemArbitrary({ minVertices: 40, maxVertices: 40, maxTours: 4 }), { numRuns: 1, seed: 8 })
    for (const options of [{}, interactiveBudget(problem!)]) {
      const first = solveToptw(problem!, options)
      expect(checkTours(problem!, sequences(first)).feasible).toBe(true)
      expect(sequences(solveToptw(problem!, options))).toEqual(sequences(first))
    }
  })

  it('never scores more than the exhaustive optimum on tiny instances', () => {
    fc.assert(
      fc.property(problemArbitrary({ minVertices: 1, maxVertices: 8, maxTours: 3 }), (problem) => {
        const solution = solveToptw(problem, { maxIterations: 50 })
        expect(checkTours(problem, sequences(solution)).feasible).toBe(true)
        expect(solution.score).toBeLessThanOrEqual(bruteForceOptimum(problem) + 1e-9)
      }),
      { numRuns: 150 },
    )
  })

  it('finds the exhaustive optimum on a fixed set of small instances', () => {
    const problems = fc.sample(problemArbitrary({ minVertices: 6, maxVertices: 9, maxTours: 3 }), { numRuns: 100, seed: 20240601 })
    for (const problem of problems) {
      const solution = solveToptw(problem)
      expect(solution.score).toBe(bruteForceOptimum(problem))
    }
  })

  it('keeps a vertex to the tours it is allowed in', () => {
    const points: Array<readonly [number, number]> = [
      [0, 0],
      [10, 0],
      [0, 10],
      [-10, 0],
      [0, -10],
    ]
    const problem: Problem = {
      vertices: [
        { score: 10, service: 5, open: 0, close: 100, allowedTours: [1] },
        { score: 10, service: 5, open: 0, close: 100, allowedTours: [0] },
        { score: 10, service: 5, open: 0, close: 100 },
        { score: 10, service: 5, open: 0, close: 100, allowedTours: [] },
      ],
      travel: euclideanTravel(points),
      tours: [
        { start: 0, end: 45 },
        { start: 0, end: 45 },
      ],
    }
    const solution = solveToptw(problem)
    expect(solution.tours[1]!.visits.map((v) => v.vertex)).toContain(1)
    expect(solution.tours[0]!.visits.map((v) => v.vertex)).toContain(2)
    expect(sequences(solution).flat()).not.toContain(4)
    expect(solution.score).toBe(30)
  })

  it("uses each tour's own window", () => {
    // One vertex open only in the morning, one only in the afternoon; each day window covers one of them.
    const problem: Problem = {
      vertices: [
        { score: 5, service: 60, open: 540, close: 600 },
        { score: 7, service: 60, open: 900, close: 960 },
      ],
      travel: [
        [0, 0, 0],
        [0, 0, 30],
        [0, 30, 0],
      ],
      tours: [
        { start: 480, end: 720 },
        { start: 840, end: 1080 },
      ],
    }
    const solution = solveToptw(problem)
    expect(sequences(solution)).toEqual([[1], [2]])
    expect(solution.tours[0]!.visits[0]!.start).toBe(540)
    expect(solution.tours[1]!.visits[0]!.start).toBe(900)
  })

  it('rejects a travel matrix of the wrong size', () => {
    expect(() => solveToptw({ vertices: [{ score: 1, service: 0, open: 0, close: 10 }], travel: [[0]], tours: [{ start: 0, end: 10 }] })).toThrow(
      /travel matrix/,
    )
  })
})
