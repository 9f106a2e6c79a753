import { describe, expect, it } from 'vitest'
import type { Problem } from './solver/index.ts'
import { dayCost, type DaySequence } from './spread.ts'
import { sweepStarts } from './sweep.ts'

// Nine places in three quarters east, north and west of the base, 2 km out; 1 minute per 100 m as the crow flies.
const points = [0, 1, 2].flatMap((quarter) =>
  [0, 1, 2].map((k) => {
    const angle = (quarter * 2 * Math.PI) / 3 + (k - 1) * 0.1
    return { x: 2000 * Math.cos(angle), y: 2000 * Math.sin(angle) }
  }),
)
const at = (node: number) => (node === 0 ? { x: 0, y: 0 } : points[node - 1]!)
const travel = Array.from({ length: 10 }, (_, i) => Array.from({ length: 10 }, (_, j) => Math.hypot(at(i).x - at(j).x, at(i).y - at(j).y) / 100))
const problem = (fixed: number[] = []): Problem => ({
  vertices: points.map((_, k) => ({ score: 1, service: 60, open: 0, close: 600, ...(fixed.includes(k + 1) ? { fixed: true } : {}) })),
  travel,
  tours: [0, 1, 2].map(() => ({ start: 0, end: 600 })),
})
const bearing = (node: number) => Math.atan2(at(node).y, at(node).x)
const score = (days: readonly DaySequence[]) => days.reduce((sum, day) => sum + dayCost(day, travel), 0)
const quarterOf = (node: number) => Math.floor((node - 1) / 3)
// The solver's days, each with a place of every quarter.
const mixed = [
  [1, 4, 7],
  [2, 5, 8],
  [3, 6, 9],
]

describe('sweepStarts', () => {
  it('offers days that each keep to one quarter around the base, shorter than days that cross the city', () => {
    const [best] = sweepStarts(problem(), mixed, bearing, travel, () => true, score, 2)
    expect(best).toBeDefined()
    for (const day of best!) expect(new Set(day.map(quarterOf)).size).toBe(1)
    expect(score(best!)).toBeLessThan(score(mixed))
  })

  it('offers nothing for a trip with a locked visit, whose days stay as they are', () => {
    expect(sweepStarts(problem([5]), mixed, bearing, travel, () => true, score, 2)).toEqual([])
  })

  it('keeps the variety rules: no day a visit may not join', () => {
    const apart = (day: DaySequence, node: number) => !(node === 2 && day.includes(1))
    for (const days of sweepStarts(problem(), mixed, bearing, travel, apart, score, 5))
      for (const day of days) expect(day.includes(1) && day.includes(2)).toBe(false)
  })
})
