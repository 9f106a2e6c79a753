import { describe, expect, it } from 'vitest'
import { benchmarkProblem, decimalsForInstance, parseBenchmarkInstance, roundedDistance } from './benchmark-format.ts'

// A Cordeau-style file: the list before the window has a varying length; the window is the last two numbers.
const snippet = `5 3 3 4
500 200
 0 -10.442 19.999 0 0 0 0 0 1000
 1 -29.730 64.136 2 12 4 1 15 354 509
 2 -30.664 5.463 3 8 4 1 2 4 8 0 100
 3 6.262 20.5 0 5 0 0 0 10 20
`

describe('parseBenchmarkInstance', () => {
  it('reads the depot first and takes the window from the last two numbers of each line', () => {
    const instance = parseBenchmarkInstance(snippet)
    expect(instance.depot).toMatchObject({ id: 0, x: -10.442, y: 19.999, open: 0, close: 1000 })
    expect(instance.nodes).toHaveLength(3)
    expect(instance.nodes[0]).toEqual({ id: 1, x: -29.73, y: 64.136, service: 2, score: 12, open: 354, close: 509 })
    expect(instance.nodes[1]).toMatchObject({ service: 3, score: 8, open: 0, close: 100 })
    expect(instance.nodes[2]).toMatchObject({ service: 0, score: 5, open: 10, close: 20 })
  })

  it('builds a problem with m tours over the depot window and travel rounded down', () => {
    const problem = benchmarkProblem(parseBenchmarkInstance(snippet), 3, 2)
    expect(problem.tours).toEqual([
      { start: 0, end: 1000 },
      { start: 0, end: 1000 },
      { start: 0, end: 1000 },
    ])
    expect(problem.vertices[0]).toEqual({ score: 12, service: 2, open: 354, close: 509 })
    // hypot(19.288, 44.137) = 48.1676… → 48.16 with two decimals.
    expect(problem.travel[0]![1]).toBe(48.16)
    expect(problem.travel[1]![0]).toBe(48.16)
    expect(problem.travel[2]![2]).toBe(0)
  })

  it('rounds down to the requested decimals and picks 2 for pr files, 1 for Solomon ones', () => {
    const a = { id: 0, x: 0, y: 0, service: 0, score: 0, open: 0, close: 0 }
    const b = { ...a, x: 3, y: 4 }
    const c = { ...a, x: 1, y: 1 }
    expect(roundedDistance(a, b, 1)).toBe(5)
    expect(roundedDistance(a, c, 1)).toBe(1.4)
    expect(roundedDistance(a, c, 2)).toBe(1.41)
    expect(decimalsForInstance('pr07')).toBe(2)
    expect(decimalsForInstance('c101')).toBe(1)
    expect(decimalsForInstance('rc208')).toBe(1)
  })

  it('reports malformed input with its line number', () => {
    expect(() => parseBenchmarkInstance('x')).toThrow(/line 1/)
    expect(() => parseBenchmarkInstance('1 1 2 1\n0 0\n0 0 0 0 0 0 0 0 10\n')).toThrow(/expected 3 vertex lines/)
    expect(() => parseBenchmarkInstance('1 1 1 1\n0 0\n0 0 0 0 0 0 0 0 10\n1 2 3 4 oops 6 7 8 9\n')).toThrow(/line 4: "oops"/)
  })
})
