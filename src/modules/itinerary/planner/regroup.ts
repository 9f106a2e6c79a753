import { returnTime, type Problem } from './solver/index.ts'
import { dayCost, withVisit, type DaySequence } from './spread.ts'

/** A move must save at least this much travel (minutes) to be taken: no churn over rounding. */
const WORTH_MINUTES = 0.5
const MAX_ROUNDS = 50
/**
 * The search stops after this many insertions worked out per day of the trip, six days' worth at most (a
 * fixed budget, so the same trip gives the same plan): a 3-day city needs at most about 3,500 in all.
 */
const INSERTIONS_PER_DAY = 1700
const BUDGET_DAYS = 6
/**
 * Longer stays make room one visit or group at a time: two at a time spent a 10-day stay's budget on its
 * first days (1.5 s a plan without a budget).
 */
const PAIRED_EJECTION_DAYS = 4
/** Neighbours that gain at least this from one day (next door, or linked by the reviewed data) move as one group. */
const GROUP_GAIN = 30
/** What leaving a minor visit out to bring neighbours together costs, in minutes of travel. */
const DROP_MINUTES = 60
/** A visit is minor beside a sight when its score is under this share of the sight's. */
const MINOR_SHARE = 0.5

type Cost = ReadonlyArray<ArrayLike<number>>

/** What two visits gain, in minutes of travel, from being on one day (places next door to each other). */
export type Together = (a: number, b: number) => number

/**
 * Days by neighbourhood: the solver chooses which places fit the trip and the spreading and variety passes
 * balance the days, none of them minding where a place is. This moves visits between days while that
 * shortens the trip's whole travel (each day out from the base and back included) less what `together` says
 * neighbours gain from sharing a day, so that places close together end up on one day. A move takes one
 * visit or a day's whole group of next-door neighbours (the Cathedral with its Bell Tower and Baptistery) to
 * another day, making room there if need be (`bestMove`), so a group is never split to make room. Every
 * day keeps its windows and `mayJoin` (the variety rules). The days stay balanced: a move gives a day at most
 * one visit more than the largest day it changes had, and only when it brings neighbours together; no day
 * ends with fewer visits than the emptiest began with, nor with more than one more than the fullest.
 * Locked visits stay where they are.
 */
export function regroupByArea(
  problem: Problem,
  days: readonly DaySequence[],
  cost: Cost,
  mayJoin: (sequence: DaySequence, node: number) => boolean,
  together: Together = () => 0,
): number[][] {
  const result = days.map((day) => [...day])
  const movable = (node: number) => !problem.vertices[node - 1]!.fixed
  const fits = (t: number, sequence: DaySequence) => Number.isFinite(returnTime(problem, t, sequence))
  const groupOf = neighbourGroups(result.flat(), together)
  const inserted = new Map<string, number[] | undefined>()
  const work = { insertions: 0 }
  const sizes = balancedSizes(result)
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let improved = false
    for (let a = 0; a < result.length; a++) {
      for (let b = 0; b < result.length; b++) {
        if (a === b) continue
        if (work.insertions > INSERTIONS_PER_DAY * Math.min(result.length, BUDGET_DAYS)) return result
        const move = bestMove(problem, result, a, b, { cost, movable, fits, mayJoin, together, groupOf, inserted, sizes, work })
        if (!move) continue
        for (const [t, day] of move) result[t] = day
        improved = true
      }
    }
    if (!improved) break
  }
  return result
}

/** The days stay as balanced as the spreading pass left them: none below its emptiest, one visit more than its fullest at most. */
export function balancedSizes(days: readonly DaySequence[]): { readonly least: number; readonly most: number } {
  const lengths = days.map((day) => day.length)
  return { least: Math.min(...lengths), most: Math.max(...lengths) + 1 }
}

/** What a day's visits gain from sharing it, pair by pair. */
const neighboursGain = (day: DaySequence, together: Together) =>
  day.reduce((sum, node, k) => day.slice(k + 1).reduce((inner, other) => inner + together(node, other), sum), 0)

/** What the regrouping pass minimises: the trip's travel, each day out from the base and back, less neighbours' gain. */
export const tripScore = (days: readonly DaySequence[], cost: Cost, together: Together) =>
  days.reduce((sum, day) => sum + dayCost(day, cost) - neighboursGain(day, together), 0)

/** Each visit's group: the visits linked to it by a chain of next-door neighbours (union-find). */
function neighbourGroups(nodes: readonly number[], together: Together): (node: number) => number {
  const parent = new Map(nodes.map((node) => [node, node]))
  const root = (node: number): number => {
    const up = parent.get(node) ?? node
    return up === node ? node : root(up)
  }
  for (const [i, a] of nodes.entries()) for (const b of nodes.slice(i + 1)) if (together(a, b) >= GROUP_GAIN) parent.set(root(a), root(b))
  return root
}

interface MoveRules {
  readonly cost: Cost
  readonly movable: (node: number) => boolean
  readonly fits: (t: number, sequence: DaySequence) => boolean
  readonly mayJoin: (sequence: DaySequence, node: number) => boolean
  readonly together: Together
  readonly groupOf: (node: number) => number
  /** Insertions already worked out (a day's sequence and the visits added): the search asks for most of them again. */
  readonly inserted: Map<string, number[] | undefined>
  readonly work: { insertions: number }
  /** The fewest and the most visits a day may have after a move. */
  readonly sizes: { readonly least: number; readonly most: number }
}

/** What a day can give in one move: each visit alone, and each group of two or more neighbours whole. */
function unitsOf(day: readonly number[], groupOf: (node: number) => number): number[][] {
  const groups = new Map<number, number[]>()
  for (const node of day) groups.set(groupOf(node), [...(groups.get(groupOf(node)) ?? []), node])
  return [...day.map((node) => [node]), ...[...groups.values()].filter((group) => group.length > 1)]
}

/** The day `t` with the visits inserted one by one where each adds the least travel, if the day stays feasible and varied. */
function withVisits(problem: Problem, t: number, day: DaySequence, unit: readonly number[], rules: MoveRules): number[] | undefined {
  const key = String.fromCharCode(t, ...day, 0xffff, ...unit)
  if (rules.inserted.has(key)) return rules.inserted.get(key)
  rules.work.insertions++
  let sequence: number[] | undefined = [...day]
  for (const node of unit) sequence = sequence && rules.mayJoin(sequence, node) ? withVisit(problem, t, sequence, node, rules.cost) : undefined
  rules.inserted.set(key, sequence)
  return sequence
}

/** The days a move changes, by index. */
type Changes = ReadonlyMap<number, number[]>

/**
 * The best move of one of day `a`'s visits or groups to day `b`, alone or making room there by sending one or
 * two of day `b`'s visits or groups back to day `a` or on to a third day where they fit (or, for a sight
 * joining its neighbours, leaving one minor visit out): the move that most shortens the travel of the days
 * it changes, neighbours' gain counted.
 */
function bestMove(problem: Problem, days: readonly number[][], a: number, b: number, rules: MoveRules): Changes | undefined {
  const { cost, movable, fits, together, groupOf } = rules
  const from = days[a]!
  const to = days[b]!
  const neighboursOn = (day: readonly number[]) => neighboursGain(day, together)
  const score = (node: number) => problem.vertices[node - 1]!.score
  let best: { changes: Changes; saving: number } | undefined
  const consider = (changes: Map<number, number[] | undefined>, penalty = 0) => {
    const changed = [...changes].flatMap(([t, day]) => (day ? [[t, day] as const] : []))
    if (changed.length < changes.size) return
    const neighbours = changed.reduce((sum, [t, day]) => sum + neighboursOn(day) - neighboursOn(days[t]!), 0)
    const largest = Math.max(...changed.map(([t]) => days[t]!.length))
    if (Math.max(...changed.map(([, day]) => day.length)) > largest + (neighbours > 0 ? 1 : 0)) return
    if (changed.some(([, day]) => day.length < rules.sizes.least || day.length > rules.sizes.most)) return
    const saving = changed.reduce((sum, [t, day]) => sum + dayCost(days[t]!, cost) - dayCost(day, cost), 0) + neighbours - penalty
    if (saving > WORTH_MINUTES && saving > (best?.saving ?? 0)) best = { changes: new Map(changed), saving }
  }
  const without = (day: readonly number[], unit: readonly number[]) => day.filter((node) => !unit.includes(node))
  for (const unit of unitsOf(from, groupOf)) {
    if (!unit.every(movable)) continue
    const rest = without(from, unit)
    if (!fits(a, rest)) continue
    consider(
      new Map([
        [a, rest],
        [b, withVisits(problem, b, to, unit, rules)],
      ]),
    )
    for (const ejected of ejectionsOf(
      unitsOf(to, groupOf).filter((other) => other.every(movable)),
      days.length > PAIRED_EJECTION_DAYS ? 1 : 2,
    )) {
      const newTo = withVisits(problem, b, without(to, ejected.flat()), unit, rules)
      if (!newTo) continue
      const changes = new Map<number, number[] | undefined>([
        [a, rest],
        [b, newTo],
      ])
      // Each visit or group made room for goes where it adds least: back to day a or on to another day; one
      // minor visit with room nowhere (under half the sight's score) may be left out for a sight that joins its
      // next-door neighbours (the cathedral inside the castle), and the filling pass may yet find it a gap.
      const joins =
        unit.reduce((sum, node) => sum + newTo.reduce((inner, other) => inner + (unit.includes(other) ? 0 : together(node, other)), 0), 0) >= GROUP_GAIN
      const least = Math.min(...unit.map(score))
      let dropped = 0
      let placed = true
      for (const other of ejected) {
        const place = cheapestPlace(problem, days, changes, b, other, rules)
        if (place) changes.set(place.t, place.day)
        else if (joins && dropped === 0 && other.length === 1 && score(other[0]!) < least * MINOR_SHARE) dropped = 1
        else placed = false
      }
      if (placed) consider(changes, dropped * DROP_MINUTES)
    }
  }
  return best?.changes
}

/** Up to `most` of a day's units, disjoint, that a move may send elsewhere to make room. */
function ejectionsOf(units: readonly number[][], most: number): number[][][] {
  const sets: number[][][] = []
  const extend = (chosen: number[][], from: number) => {
    for (let k = from; k < units.length; k++) {
      const unit = units[k]!
      if (chosen.some((other) => other.some((node) => unit.includes(node)))) continue
      const next = [...chosen, unit]
      sets.push(next)
      if (next.length < most) extend(next, k + 1)
    }
  }
  extend([], 0)
  return sets
}

/** The day other than `skip` (as `changes` leaves it) where `unit` adds least travel less neighbours' gain, if any. */
function cheapestPlace(
  problem: Problem,
  days: readonly number[][],
  changes: ReadonlyMap<number, number[] | undefined>,
  skip: number,
  unit: readonly number[],
  rules: MoveRules,
) {
  const neighboursOn = (day: DaySequence) => neighboursGain(day, rules.together)
  let best: { t: number; day: number[]; added: number } | undefined
  for (const [t, original] of days.entries()) {
    if (t === skip) continue
    const current = changes.get(t) ?? original
    const day = withVisits(problem, t, current, unit, rules)
    if (!day) continue
    const added = dayCost(day, rules.cost) - dayCost(current, rules.cost) - neighboursOn(day) + neighboursOn(current)
    if (added < (best?.added ?? Infinity)) best = { t, day, added }
  }
  return best
}
