/**
 * Variety within a day and a trip. Rules a traveller would hold a plan to, beside the spec's (opening hours,
 * the day's window, no overlaps), which the solver keeps:
 *
 * - **A few of a kind**: places of one group (places/visiting.ts) are limited per day and per trip:
 *
 *   | group              | a day | a trip                 |
 *   |--------------------|-------|------------------------|
 *   | baths and spas     | 1     | 2                      |
 *   | theme parks        | 1     | 2                      |
 *   | zoos and aquariums | 1     | 2                      |
 *   | wine cellars       | 1     | 2                      |
 *   | churches           | 2     | 1.5 a day, rounded up  |
 *
 *   (two hamams back to back, or five port-wine cellars in two days, is a plan nobody follows).
 * - **Heavy visits spread out**: long indoor visits (museums, galleries, palaces of two hours or more) tire;
 *   no day holds more of them than an even share of the trip's (rounded up), when another day can take one
 *   (in free time, or in place of its lightest visits, which move to the time the heavy one leaves; never
 *   when one of them would leave the plan).
 *
 * `applyVariety` repairs the solver's days with these rules: a visit beyond its group's day limit moves to a
 * day with room for its group, or leaves the plan; the weakest visits beyond a trip limit leave; heavy
 * visits move (or trade places with lighter visits) from days above the even share to days below it; then
 * free time is refilled with the best unplanned places that keep the rules. Every change goes through
 * `insert`/`fits`, which only accept feasible days, so the plan stays feasible. Pure; no I/O.
 */
import type { Kind } from '../../places/domain.ts'
import type { PlaceGroup } from '../../places/visiting.ts'

export type { PlaceGroup }

const DAY_LIMIT: Readonly<Record<PlaceGroup, number>> = {
  'baths and spas': 1,
  'theme parks': 1,
  'zoos and aquariums': 1,
  'wine cellars': 1,
  churches: 2,
}

/** The most visits of a group a trip of `days` days holds. */
export function tripLimit(group: PlaceGroup, days: number): number {
  return group === 'churches' ? Math.ceil(1.5 * days) : 2
}

export const dayLimit = (group: PlaceGroup) => DAY_LIMIT[group]

const HEAVY_KINDS: ReadonlySet<Kind> = new Set(['museum', 'gallery', 'castle_palace'])
const HEAVY_MINUTES = 120

/** A long indoor visit: a museum, gallery or palace visited for two hours or more. */
export const isHeavy = (kind: Kind, visitMinutes: number): boolean => HEAVY_KINDS.has(kind) && visitMinutes >= HEAVY_MINUTES

/** What the rules need to know of a visit. */
export interface VisitTraits {
  readonly group: PlaceGroup | undefined
  readonly heavy: boolean
  readonly score: number
  /** Locked by the traveller: these rules never move or drop it, not even to make room for another visit. */
  readonly fixed?: boolean
}

/** A day as a sequence of visit numbers (the solver's vertices). */
export type Day = readonly number[]

export interface VarietyContext {
  readonly traits: (visit: number) => VisitTraits
  /** Places not in the plan, best first: what free time may be refilled with. */
  readonly unplanned: readonly number[]
  /** The day `day` with `visit` added where it fits best, or undefined when it fits nowhere. */
  readonly insert: (day: number, sequence: Day, visit: number) => number[] | undefined
  /** Whether the day `day` is feasible in this order (removing a visit may make the next one start too early). */
  readonly fits: (day: number, sequence: Day) => boolean
}

/** The most heavy visits a day should hold: an even share of the plan's, rounded up. */
export function heavyShare(days: readonly Day[], traits: VarietyContext['traits']): number {
  const heavy = days.flat().filter((visit) => traits(visit).heavy).length
  return Math.max(1, Math.ceil(heavy / Math.max(1, days.length)))
}

/** Whether `visit` may join a day: within its group's day limit, no heavy visit beyond `share`. */
export function mayJoin(sequence: Day, visit: number, traits: VarietyContext['traits'], share: number): boolean {
  const joining = traits(visit)
  if (joining.group && sequence.filter((other) => traits(other).group === joining.group).length >= DAY_LIMIT[joining.group]) return false
  if (joining.heavy && sequence.filter((other) => traits(other).heavy).length >= share) return false
  return true
}

/** The groups each day holds more of than a day may, per day. */
export function repeatedGroups(days: readonly Day[], traits: VarietyContext['traits']): PlaceGroup[][] {
  return days.map((day) => [...countGroups(day, traits)].filter(([group, count]) => count > DAY_LIMIT[group]).map(([group]) => group))
}

function countGroups(visits: Iterable<number>, traits: VarietyContext['traits']): Map<PlaceGroup, number> {
  const seen = new Map<PlaceGroup, number>()
  for (const visit of visits) {
    const group = traits(visit).group
    if (group) seen.set(group, (seen.get(group) ?? 0) + 1)
  }
  return seen
}

/** Whether the plan has room for one more visit of `visit`'s group. */
const tripHasRoom = (days: readonly Day[], visit: number, traits: VarietyContext['traits']) => {
  const group = traits(visit).group
  return !group || (countGroups(days.flat(), traits).get(group) ?? 0) < tripLimit(group, days.length)
}

/** Drops the weakest visits of each group beyond its trip limit. */
function keepTripLimits(days: number[][], context: VarietyContext, dropped: number[]): void {
  const { traits } = context
  for (const [group, count] of countGroups(days.flat(), traits)) {
    const extra = count - tripLimit(group, days.length)
    if (extra <= 0) continue
    const weakest = days
      .flat()
      .filter((visit) => traits(visit).group === group && !traits(visit).fixed)
      .sort((a, b) => traits(a).score - traits(b).score)
      .slice(0, extra)
    for (const visit of weakest) {
      const d = days.findIndex((day) => day.includes(visit))
      days[d] = without(context, d, days[d]!, visit) ?? days[d]!.filter((other) => other !== visit)
      dropped.push(visit)
    }
  }
}

/** The day without `visit`, if it stays feasible. */
function without(context: VarietyContext, day: number, sequence: Day, visit: number): number[] | undefined {
  const rest = sequence.filter((other) => other !== visit)
  return context.fits(day, rest) ? rest : undefined
}

/** Moves or drops every visit beyond its group's day limit. */
function separateOnceADay(days: number[][], context: VarietyContext, dropped: number[]): void {
  const { traits } = context
  for (let d = 0; d < days.length; d++) {
    for (;;) {
      // The weakest visit of a repeated group goes; the best stays, and so does a locked one.
      const movable = (group: PlaceGroup) =>
        days[d]!.filter((visit) => traits(visit).group === group && !traits(visit).fixed).sort((a, b) => traits(a).score - traits(b).score)
      const group = repeatedGroups([days[d]!], traits)[0]!.find((repeated) => movable(repeated).length > 0)
      if (!group) break
      const extra = movable(group)[0]!
      const rest = without(context, d, days[d]!, extra) ?? days[d]!.filter((visit) => visit !== extra)
      days[d] = rest
      const share = heavyShare(days, traits)
      const target = days
        .map((sequence, t) => ({ t, moved: t !== d && mayJoin(sequence, extra, traits, share) ? context.insert(t, sequence, extra) : undefined }))
        .find((option) => option.moved)
      if (target) days[target.t] = target.moved!
      else dropped.push(extra)
    }
  }
}

/** Moves heavy visits from days above the even share to days below it, or swaps them for a lighter visit. */
function spreadHeavy(days: number[][], context: VarietyContext): void {
  const { traits } = context
  const share = heavyShare(days, traits)
  const heavyIn = (sequence: Day) => sequence.filter((visit) => traits(visit).heavy)
  for (let guard = 0; guard < 4 * days.flat().length; guard++) {
    const over = days.findIndex((sequence) => heavyIn(sequence).length > share)
    if (over < 0) return
    let changed = false
    for (const heavy of heavyIn(days[over]!)
      .filter((visit) => !traits(visit).fixed)
      .sort((a, b) => traits(a).score - traits(b).score)) {
      const rest = without(context, over, days[over]!, heavy)
      if (!rest) continue
      for (let to = 0; to < days.length && !changed; to++) {
        if (to === over || heavyIn(days[to]!).length >= share || !mayJoin(days[to]!, heavy, traits, share)) continue
        const moved = context.insert(to, days[to]!, heavy)
        if (moved) {
          days[over] = rest
          days[to] = moved
          changed = true
          break
        }
        // No room: take that day's lightest visits out until the heavy one fits, and give them the time it freed.
        const lights = days[to]!.filter((visit) => !traits(visit).heavy && !traits(visit).fixed).sort((a, b) => traits(a).score - traits(b).score)
        let target: Day = days[to]!
        for (const [k, light] of lights.entries()) {
          target = target.filter((visit) => visit !== light)
          const there = context.fits(to, target) ? context.insert(to, target, heavy) : undefined
          if (!there) continue
          // Only a trade that keeps every visit: lighter visits are often the sights a trip is for (Westminster
          // Abbey, the Houses of Parliament), not a price for a better spread of museums.
          let back: Day | undefined = rest
          for (const moved of lights.slice(0, k + 1)) back = back && mayJoin(back, moved, traits, share) ? context.insert(over, back, moved) : undefined
          if (!back) continue
          days[over] = [...back]
          days[to] = there
          changed = true
          break
        }
      }
      if (changed) break
    }
    if (!changed) return
  }
}

/** Adds the best unplanned places that keep the rules wherever they fit. */
function refill(days: number[][], context: VarietyContext, unplanned: readonly number[]): void {
  const { traits } = context
  const planned = new Set(days.flat())
  for (const visit of unplanned) {
    if (planned.has(visit) || !tripHasRoom(days, visit, traits)) continue
    const share = heavyShare(days, traits)
    for (let d = 0; d < days.length; d++) {
      if (!mayJoin(days[d]!, visit, traits, share)) continue
      const added = context.insert(d, days[d]!, visit)
      if (added) {
        days[d] = added
        planned.add(visit)
        break
      }
    }
  }
}

/** The solver's days made to keep the variety rules (see the top of this file). */
export function applyVariety(solved: readonly Day[], context: VarietyContext): number[][] {
  const days = solved.map((day) => [...day])
  const dropped: number[] = []
  separateOnceADay(days, context, dropped)
  keepTripLimits(days, context, dropped)
  spreadHeavy(days, context)
  const droppedSet = new Set(dropped)
  refill(
    days,
    context,
    context.unplanned.filter((visit) => !droppedSet.has(visit)),
  )
  return days
}
