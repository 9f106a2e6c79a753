/**
 * `npm run bench:toptw -- [--instances <dir>] [--bks <csv>] [--time-limit-ms N] [--decimals D] [--seed S[,S...]]
 *                          [--max-iterations N] [--only <regex>] [--split A|B]`
 *
 * Solves every case of the best-known-values csv (`instance,m,best_known`) whose instance file exists,
 * checks each route with the independent checker (an infeasible answer scores 0), and prints one line per
 * case and seed, the mean gap per instance family and per number of tours, and a JSON summary line last:
 * {cases, runs, avgGapPct, maxGapPct, meanMs, p95Ms, allFeasible}.
 *
 * Travel times are Euclidean distances rounded down to 2 decimals for pr* files and 1 decimal otherwise
 * (`--decimals` overrides). Each case runs with the solver's default iteration budget and a wall-clock limit:
 * `--time-limit-ms`, or by default min(2000, 100 + 3·N·√m) ms for N vertices and m tours. `--only` filters
 * cases by a regular expression on "instance:m" (e.g. `--only 'pr0[1-5]:4'`). Several seeds (`--seed 1,2,3`)
 * run each case once per seed.
 *
 * `--split A|B` keeps half of the instances: A those whose number is odd (pr01, c103...), B those whose number
 * is even, every tour count of an instance in the same half. Tune a change on one half and judge it on the
 * other, then swap, so that a figure never comes from the instances it was tuned on.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { benchmarkProblem, decimalsForInstance, parseBenchmarkInstance } from '../src/modules/itinerary/planner/solver/benchmark-format.ts'
import { checkTours } from '../src/modules/itinerary/planner/solver/check.ts'
import { solveToptw } from '../src/modules/itinerary/planner/solver/solve.ts'

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '../shared/data/toptw' },
    bks: { type: 'string' },
    'time-limit-ms': { type: 'string' },
    decimals: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'max-iterations': { type: 'string' },
    only: { type: 'string' },
    split: { type: 'string' },
  },
})

const instancesDir = values.instances
const bksPath = values.bks ?? path.join(instancesDir, 'bks.csv')
const seeds = values.seed.split(',').map(Number)
const only = values.only ? new RegExp(values.only) : null
const split = values.split?.toUpperCase()
if (split !== undefined && split !== 'A' && split !== 'B') throw new Error('--split must be A or B')

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

/** Half A: instances with an odd number; half B: an even one. */
function inSplit(instance: string): boolean {
  if (split === undefined) return true
  const number = Number(/(\d+)$/.exec(instance)?.[1] ?? NaN)
  return (number % 2 === 1) === (split === 'A')
}

/** Default per-case limit: grows with the number of vertices and tours, about 0.2-2 s. */
function defaultTimeLimitMs(vertices: number, tours: number): number {
  return Math.min(2000, 100 + 3 * vertices * Math.sqrt(tours))
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length)

/** Appends `value` to the list under `key`. */
function collect<K>(groups: Map<K, number[]>, key: K, value: number): void {
  const list = groups.get(key)
  if (list) list.push(value)
  else groups.set(key, [value])
}

const gaps: number[] = []
const times: number[] = []
let infeasible = 0
const cases = new Set<string>()
/** Gaps per instance family (name without its digits, e.g. pr, c, r, rc) and per number of tours. */
const families = new Map<string, number[]>()
const tourCounts = new Map<number, number[]>()
const parsed = new Map<string, ReturnType<typeof parseBenchmarkInstance>>()
for (const c of readCases(bksPath)) {
  if (only && !only.test(`${c.instance}:${c.m}`)) continue
  if (!inSplit(c.instance)) continue
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
  cases.add(`${c.instance}:${c.m}`)
  for (const seed of seeds) {
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
    if (!check.feasible) infeasible++
    collect(families, c.instance.replace(/\d+$/, ''), gap)
    collect(tourCounts, c.m, gap)
    const verdict = check.feasible ? 'feasible' : `INFEASIBLE (${check.violations[0]}) scored 0`
    console.log(
      `${c.instance.padEnd(6)} m=${c.m} seed=${seed} score=${String(check.score).padStart(5)} bks=${String(c.bks).padStart(5)} ` +
        `gap=${gap.toFixed(2).padStart(6)}% ms=${ms.toFixed(0).padStart(5)} iter=${solution.iterations} ${verdict}`,
    )
  }
}
const sortedTimes = [...times].sort((a, b) => a - b)
const byGroup = <K>(groups: Map<K, number[]>, label: (key: K) => string) =>
  [...groups].map(([key, g]) => `${label(key)} ${mean(g).toFixed(2)}% (${g.length})`).join(', ')
console.log(`mean gap by family: ${byGroup(families, (f) => f)}`)
console.log(`mean gap by tours: ${byGroup(new Map([...tourCounts].sort((a, b) => a[0] - b[0])), (m) => `m=${m}`)}`)
console.log(
  JSON.stringify({
    cases: cases.size,
    runs: gaps.length,
    avgGapPct: Number(mean(gaps).toFixed(3)),
    maxGapPct: Number(Math.max(0, ...gaps).toFixed(3)),
    meanMs: Number(mean(times).toFixed(1)),
    p95Ms: Number(percentile(sortedTimes, 0.95).toFixed(1)),
    allFeasible: infeasible === 0,
  }),
)
