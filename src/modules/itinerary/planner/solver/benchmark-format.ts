import type { Problem } from './problem.ts'

/** One instance in the standard TOPTW text format (Montemanni & Gambardella 2009; Vansteenwegen et al.). */
export interface BenchmarkInstance {
  /** Customers; node 0 (the depot) is `depot`. */
  readonly depot: BenchmarkNode
  readonly nodes: ReadonlyArray<BenchmarkNode>
}

export interface BenchmarkNode {
  readonly id: number
  readonly x: number
  readonly y: number
  readonly service: number
  readonly score: number
  readonly open: number
  readonly close: number
}

/**
 * Parses the format: line 1 `k v N t`, line 2 ignored, then N + 1 node lines, depot first:
 * `i x y d S f a <a numbers> O C` with the window O/C = the last two numbers. Tmax = the depot's C.
 */
export function parseBenchmarkInstance(text: string): BenchmarkInstance {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  const header = numbers(lines[0] ?? '', 1)
  const count = header[2]
  if (count === undefined || !Number.isInteger(count) || count < 0) throw new Error('line 1: expected "k v N t" with N the number of vertices')
  if (lines.length < count + 3) throw new Error(`expected ${count + 1} vertex lines after the 2 header lines, found ${lines.length - 2}`)
  const parsed: BenchmarkNode[] = []
  for (let i = 0; i <= count; i++) {
    const lineNumber = i + 3
    const values = numbers(lines[i + 2]!, lineNumber)
    if (values.length < 7) throw new Error(`line ${lineNumber}: expected at least 7 numbers, found ${values.length}`)
    parsed.push({
      id: values[0]!,
      x: values[1]!,
      y: values[2]!,
      service: values[3]!,
      score: values[4]!,
      open: values[values.length - 2]!,
      close: values[values.length - 1]!,
    })
  }
  return { depot: parsed[0]!, nodes: parsed.slice(1) }
}

function numbers(line: string, lineNumber: number): number[] {
  return line.split(/\s+/).map((token) => {
    const value = Number(token)
    if (!Number.isFinite(value)) throw new Error(`line ${lineNumber}: "${token}" is not a number`)
    return value
  })
}

/** Euclidean distance rounded down to `decimals` decimals (the rounding the best-known values were computed with). */
export function roundedDistance(a: BenchmarkNode, b: BenchmarkNode, decimals: number): number {
  const scale = 10 ** decimals
  const d = Math.hypot(a.x - b.x, a.y - b.y)
  // The small nudge keeps exact values such as 2.3 (stored as 2.2999…) from being floored one step down.
  return Math.floor(d * scale + 1e-9) / scale
}

/**
 * Decimals of the travel-time rounding used for the published values: 2 for the Cordeau-based pr* files,
 * 1 for the Solomon-based c*, r*, rc* files.
 */
export function decimalsForInstance(name: string): number {
  return /^pr/i.test(name) ? 2 : 1
}

/** The instance as a solver problem with `tours` tours over [depot open, depot close]. */
export function benchmarkProblem(instance: BenchmarkInstance, tours: number, decimals: number): Problem {
  const all = [instance.depot, ...instance.nodes]
  const travel = all.map((a) => all.map((b) => (a === b ? 0 : roundedDistance(a, b, decimals))))
  return {
    vertices: instance.nodes.map((v) => ({ score: v.score, service: v.service, open: v.open, close: v.close })),
    travel,
    tours: Array.from({ length: tours }, () => ({ start: instance.depot.open, end: instance.depot.close })),
  }
}
