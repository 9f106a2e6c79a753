/**
 * `npm run bench:toptw -- [--instances <dir>] [--bks <csv>] [--time-limit-ms N] [--decimals D] [--seed S]
 *                          [--max-iterations N] [--only <regex>]`
 *
 * Solves every case of the best-known-values csv (`instance,m,best_known`) whose instance file exists,
 * checks each route with the independent checker (an infeasible answer scores 0), and prints one line per
 * case and a JSON summary line last: {cases, avgGapPct, maxGapPct, meanMs, p95Ms}.
 *
 * Travel times are Euclidean distances rounded down to 2 decimals for pr* files and 1 decimal otherwise
 * (`--decimals` overrides). Each case runs with the solver's default iteration budget and a wall-clock limit:
 * `--time-limit-ms`, or by default min(2000, 100 + 3·N·√m) ms for N vertices and m tours. `--only` filters
 * cases by a regular expression on "instance:m" (e.g. `--only 'pr0[1-5]:4'`).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { benchmarkProblem, decimalsForInstance, parseBenchmarkInstance } from '../src/modules/itinerary/solver/benchmark-format.ts'
import { checkTours } from '../src/modules/itinerary/solver/check.ts'
import { solveToptw } from '../src/modules/itinerary/solver/solve.ts'

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '../shared/data/toptw' },
    bks: { type: 'string' },
    'time-limit-ms': { type: 'string' },
    decimals: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'max-iterations': { type: 'string' },
    only: { type: 'string' },
  },
})

const instancesDir = values.instances
const bksPath = values.bks ?? path.join(instancesDir, 'bks.csv')
const seed = Number(values.seed)
const only = values.only ? new RegExp(values.only) : null

interface Case {
  readonly instance: string
  readonly m: number
  readonly bks: number
}

function readCases(file: string): Case[] {
  const rows = fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  const cases: Case[] = []
  for (const [index, row] of rows.entries()) {
    const [instance, m, bks] = row.split(',').map((c) => c.trim())
    if (index === 0 && Number.isNaN(Number(m))) continue
    if (!instance || !Number.isInteger(Number(m)) || !Number.isFinite(Number(bks))) throw new Error(`${file}:${index + 1}: expected instance,m,best_known`)
    cases.push({ instance, m: Number(m), bks: Number(bks) })
  }
  return cases
}

/** Default per-case limit: grows with the number of vertices and tours, about 0.2-2 s. */
function defaultTimeLimitMs(vertices: number, tours: number): number {
  return Math.min(2000, 100 + 3 * vertices * Math.sqrt(tours))
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}

const gaps: number[] = []
const times: number[] = []
/** Gaps per instance family (name without its digits, e.g. pr, c, r, rc). */
const families = new Map<string, number[]>()
const parsed = new Map<string, ReturnType<typeof parseBenchmarkInstance>>()
for (const c of readCases(bksPath)) {
  if (only && !only.test(`${c.instance}:${c.m}`)) continue
  const file = path.join(instancesDir, `${c.instance}.txt`)
  if (!fs.existsSync(file)) {
    console.log(`${c.instance} m=${c.m}: skipped, ${file} not found`)
    continue
  }
  let instance = parsed.get(c.instance)
  if (!instance) {
    instance = parseBenchmarkInstance(fs.readFileSync(file, 'utf8'))
    parsed.set(c.instance, instance)
  }
  const decimals = values.decimals === undefined ? decimalsForInstance(c.instance) : Number(values.decimals)
  const problem = benchmarkProblem(instance, c.m, decimals)
  const timeLimitMs = values['time-limit-ms'] === undefined ? defaultTimeLimitMs(problem.vertices.length, c.m) : Number(values['time-limit-ms'])
  const started = performance.now()
  const solution = solveToptw(problem, {
    seed,
    timeLimitMs,
    ...(values['max-iterations'] === undefined ? {} : { maxIterations: Number(values['max-iterations']) }),
  })
  const ms = performance.now() - started
  const check = checkTours(
    problem,
    solution.tours.map((t) => t.visits.map((v) => v.vertex)),
  )
  const gap = ((c.bks - check.score) / c.bks) * 100
  gaps.push(gap)
  times.push(ms)
  const family = c.instance.replace(/\d+$/, '')
  families.set(family, [...(families.get(family) ?? []), gap])
  const verdict = check.feasible ? 'feasible' : `INFEASIBLE (${check.violations[0]}) scored 0`
  console.log(
    `${c.instance.padEnd(6)} m=${c.m} score=${String(check.score).padStart(5)} bks=${String(c.bks).padStart(5)} ` +
      `gap=${gap.toFixed(2).padStart(6)}% ms=${ms.toFixed(0).padStart(5)} iter=${solution.iterations} ${verdict}`,
  )
}
const sortedTimes = [...times].sort((a, b) => a - b)
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length)
console.log(`mean gap by family: ${[...families].map(([f, g]) => `${f} ${mean(g).toFixed(2)}% (${g.length})`).join(', ')}`)
console.log(
  JSON.stringify({
    cases: gaps.length,
    avgGapPct: Number(mean(gaps).toFixed(3)),
    maxGapPct: Number(Math.max(0, ...gaps).toFixed(3)),
    meanMs: Number(mean(times).toFixed(1)),
    p95Ms: Number(percentile(sortedTimes, 0.95).toFixed(1)),
  }),
)
