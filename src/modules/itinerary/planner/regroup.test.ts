import { describe, expect, it } from 'vitest'
import { regroupByArea } from './regroup.ts'
import type { Problem } from './solver/index.ts'

/** Days of 8 hours; every leg, the way out and back included, takes 5 minutes; visits of the given lengths. */
function problemOf(services: readonly number[], fixed: readonly number[] = [], scores: readonly number[] = []): Problem {
  const size = services.length + 1
  return {
    vertices: services.map((service, k) => ({ score: scores[k] ?? 1, service, open: 0, close: 480, ...(fixed.includes(k + 1) ? { fixed: true } : {}) })),
    travel: Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, j) => (i === j ? 0 : 5))),
    tours: [0, 1, 2].map(() => ({ start: 0, end: 480 })),
  }
}

// Visits 1, 2 and 3 are next door to each other (the Cathedral, its Bell Tower and its Dome).
const neighbours = new Set([1, 2, 3])
const together = (a: number, b: number) => (neighbours.has(a) && neighbours.has(b) ? 30 : 0)
const anyJoin = () => true
const dayOf = (days: readonly (readonly number[])[], node: number) => days.findIndex((day) => day.includes(node))

describe('regroupByArea', () => {
  // Day 1 is full with two of the neighbours and a 5-hour visit (4); the third neighbour is on day 2, which
  // has no room for that long visit either; day 3 has room. Joining the neighbours takes the long visit to day 3.
  const services = [60, 60, 60, 300, 300, 60, 60]
  const days = [[1, 2, 4], [3, 5, 6], [7]]

  it('brings a neighbour to its neighbours’ day by sending what made the day full to a day with room', () => {
    const problem = problemOf(services)
    const regrouped = regroupByArea(problem, days, problem.travel, anyJoin, together)
    expect(dayOf(regrouped, 3)).toBe(dayOf(regrouped, 1))
    expect(dayOf(regrouped, 2)).toBe(dayOf(regrouped, 1))
    expect(regrouped.flat().sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    for (const day of regrouped) expect(day.length).toBeGreaterThanOrEqual(1)
  })

  it('keeps a locked visit on its day and takes the neighbours beside it, together, to another day', () => {
    const problem = problemOf(services, [4])
    const regrouped = regroupByArea(problem, days, problem.travel, anyJoin, together)
    expect(dayOf(regrouped, 4)).toBe(0)
    expect(dayOf(regrouped, 1)).not.toBe(0)
    expect(dayOf(regrouped, 3)).toBe(dayOf(regrouped, 1))
    expect(dayOf(regrouped, 2)).toBe(dayOf(regrouped, 1))
    expect(regrouped.flat().sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  describe('when no day has room', () => {
    // Every day is full and 1 is locked: the linked sight 3 can join 1 only if the short visit 4 leaves
    // day 1, and no other day has room for 4.
    const full = [[1, 4, 5], [3, 6], [8]]
    const lengths = [60, 60, 60, 120, 240, 390, 60, 420]
    const linked = (a: number, b: number) => ((a === 1 && b === 3) || (a === 3 && b === 1) ? 120 : 0)

    it('leaves a lesser visit out so that a sight joins the sight it belongs to', () => {
      const problem = problemOf(lengths, [1], [100, 50, 50, 1, 50, 50, 50, 50])
      const regrouped = regroupByArea(problem, full, problem.travel, anyJoin, linked)
      expect(dayOf(regrouped, 3)).toBe(dayOf(regrouped, 1))
      expect(dayOf(regrouped, 4)).toBe(-1)
      expect(regrouped.flat().sort()).toEqual([1, 3, 5, 6, 8])
    })

    it('leaves out nothing more important than the sight that would join', () => {
      const problem = problemOf(lengths, [1], [100, 50, 50, 80, 50, 50, 50, 50])
      const regrouped = regroupByArea(problem, full, problem.travel, anyJoin, linked)
      expect(regrouped.flat().sort()).toEqual([1, 3, 4, 5, 6, 8])
    })
  })
})
