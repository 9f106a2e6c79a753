import { byPopularity, distanceKm, type Attraction, type Kind, type Theme } from '../../places/domain.ts'
import { distinctSights } from '../../places/sights/same-sight.ts'
import { startWindow } from './date-windows.ts'
import { legBetween, legOver, type LegMode } from './legs.ts'
import type { Coordinates } from './plan.ts'
import { daylightThrough, isOutdoors, type Daylight } from './daylight.ts'
import { MIDNIGHT, paceVisitMinutes, roundDownToSlot, roundUpToSlot, SLOT_MINUTES, type PaceSettings } from './pace.ts'
import { dinnerBefore, LUNCH, LUNCH_EARLIEST, LUNCH_MINUTES, type PlacedBreak } from './breaks.ts'
import { leastTravelOrder, withBreaks } from './day-order.ts'
import { asSolution, fillFreedTime } from './fill-free-time.ts'
import { joinNeighbours } from './join-neighbours.ts'
import { regroupByArea, tripScore } from './regroup.ts'
import { sweepStarts } from './sweep.ts'
import { sightsCentre } from './sights-centre.ts'
import { interactiveBudget, minimiseTravel, returnTime, solveToptw, type Problem, type Vertex } from './solver/index.ts'
import { placeScore } from './themes.ts'
import { spreadOverDays, withVisit, type DaySequence } from './spread.ts'
import { isVisitable, placeGroup } from '../../places/visiting.ts'
import { isEveningKind, visitedAs, visitingWindow } from './time-of-day.ts'
import { applyVariety, heavyShare, isHeavy, mayJoin, type VisitTraits } from './variety.ts'

/** A leg's minutes between two places (legs.ts), unrounded: the solver's matrix rounds them to its grid. */
export const travelMinutes = (a: Coordinates, b: Coordinates) => legOver(distanceKm(a, b)).minutes

export interface PlannedVisit {
  readonly attraction: Attraction
  /** Minutes from midnight, on the half-hour grid. */
  readonly start: number
  readonly visitMinutes: number
  /** Travel from the previous visit of the day (0 for the first), in whole minutes. */
  readonly travelMinutes: number
  /** How that leg is made (absent for the first visit). */
  readonly travelMode?: LegMode
  /** A visit the traveller locked: kept on its day at its time by a re-plan. */
  readonly locked?: boolean
}

/** A visit the traveller locked (pinned to its day and time): a re-plan plans around it. */
export interface LockedVisit {
  /** Which of this request's days (0-based) it is on. */
  readonly day: number
  /** Minutes from midnight. */
  readonly start: number
  readonly visitMinutes: number
  readonly attraction: Attraction
}

export type PlannedDay = readonly PlannedVisit[]

/** A planned day: its visits, and its meal breaks (breaks.ts): lunch when it runs through midday, dinner before an evening. */
export interface DayPlan {
  readonly visits: PlannedDay
  readonly breaks?: readonly PlacedBreak[]
  /** Where the day's walking starts and ends: where the traveller stays, or on a day trip where the ride arrives. */
  readonly base?: Coordinates
}

export interface CityPlanRequest {
  readonly attractions: readonly Attraction[]
  readonly days: number
  readonly pace: PaceSettings
  readonly themes: readonly Theme[]
  /** Re-plan: visits that stay where they are (days outside the request are ignored). */
  readonly locked?: readonly LockedVisit[]
  /** Re-plan: places never to plan (the traveller deleted them from this trip). */
  readonly excluded?: readonly string[]
  /** Re-plan: the current plan's place ids per day, the solver's starting point. */
  readonly previous?: readonly (readonly string[])[]
  /** Re-plan: plan only the current places (a copied trip keeps its places; none is added). */
  readonly onlyPrevious?: boolean
  /** The date of each day (YYYY-MM-DD): places are planned inside their hours on each date. */
  readonly dates?: readonly string[]
  /** Where every day starts and ends: where the traveller stays, else the centre of the best sights. */
  readonly base?: Coordinates
  /** A day trip's ride from where the traveller stays to the town, one way, in minutes: taken out of the day. */
  readonly rideMinutes?: number
  /** The first day: the traveller is at the base from this time on (minutes from midnight), after the journey there. */
  readonly arrivesAt?: number
}

interface Candidate {
  readonly attraction: Attraction
  readonly visitMinutes: number
  readonly vertex: Vertex
  readonly locked?: boolean
}

/** The day's window: the pace's, or until midnight when the nightlife theme is chosen. */
export function dayWindow(pace: PaceSettings, themes: readonly Theme[]) {
  return { start: pace.dayStart, end: themes.includes('nightlife-entertainment') ? MIDNIGHT : pace.dayEnd }
}

/** An outdoor place's part of the day cut to the hours between sunrise and sunset (daylight.ts). */
function outdoorsInDaylight(kind: Kind, window: { start: number; end: number }, daylight: Daylight | undefined) {
  if (!daylight || !isOutdoors(kind)) return window
  return { start: Math.max(window.start, roundUpToSlot(daylight.sunrise)), end: Math.min(window.end, roundDownToSlot(daylight.sunset)) }
}

/**
 * A sight this far from where the traveller stays, and three times as far as the city's famous sights
 * usually are (a sprawling Los Angeles has no outings), is an outing of its own: Pena Palace from Lisbon,
 * Pompeii from Positano...
 */
const OUTING_KM = 15
const OUTING_SPREADS = 3
/** ...begun by 14:00, not squeezed into the end of a day in town. */
const OUTING_LATEST_START = 14 * 60

/** How far from `where` the city's ten most famous places lie, the middle one. */
function usualDistance(where: Coordinates, byFame: readonly Attraction[]): number {
  const distances = byFame.slice(0, 10).map((place) => distanceKm(where, place))
  return distances.toSorted((a, b) => a - b)[Math.floor(distances.length / 2)] ?? 0
}

function outingStartedBy14(window: { start: number; end: number }, visitMinutes: number, far: boolean) {
  return far ? { start: window.start, end: Math.min(window.end, OUTING_LATEST_START + visitMinutes) } : window
}

/**
 * The places worth offering the solver: sights (places/visiting.ts) whose visit fits their opening hours
 * on the trip's dates (date-windows.ts) inside the part of the day their kind is visited in (time-of-day.ts),
 * an outing out of town begun by 14:00, best score first, one per sight (a
 * provider or a mix of catalogs may list a sight twice: the better scored listing is kept), as many as the
 * days could plausibly hold twice over.
 */
function candidatesFor(request: CityPlanRequest): Candidate[] {
  const limit = request.days * request.pace.placesPerDay * 2 + 10
  const byFame = [...request.attractions].sort(byPopularity)
  const where = request.base ?? sightsCentre(byFame.map((place) => ({ ...place, weight: place.popularity }))) ?? request.attractions[0]
  const daylight = where && request.dates?.length ? daylightThrough(where, request.dates) : undefined
  const outingKm = where ? Math.max(OUTING_KM, OUTING_SPREADS * usualDistance(where, byFame)) : Infinity
  const candidates: Candidate[] = []
  const left = new Set([...(request.excluded ?? []), ...(request.locked ?? []).map((visit) => visit.attraction.id)])
  // A re-plan's current places are the traveller's plan: offered whatever their rank or kind.
  const current = new Set(request.previous?.flat() ?? [])
  for (const attraction of byFame) {
    if (left.has(attraction.id) || (request.onlyPrevious && !current.has(attraction.id))) continue
    if (!attraction.reviewed && !current.has(attraction.id) && !isVisitable(attraction)) continue
    const kind = visitedAs(attraction)
    const visitMinutes = paceVisitMinutes(attraction.visitMinutes, request.pace)
    const far = where !== undefined && distanceKm(where, attraction) > outingKm
    const window = outingStartedBy14(outdoorsInDaylight(kind, visitingWindow(kind, request.pace, request.themes), daylight), visitMinutes, far)
    const starts = startWindow(attraction, window, visitMinutes, request.dates)
    if (!starts) continue
    const score = placeScore(attraction.themes, attraction.popularity, request.themes)
    candidates.push({ attraction, visitMinutes, vertex: { score, service: visitMinutes, ...starts } })
  }
  const best = candidates
    .map((candidate, rank) => ({ candidate, rank }))
    .sort((a, b) => b.candidate.vertex.score - a.candidate.vertex.score || a.rank - b.rank)
    .map(({ candidate }) => candidate)
  const planned = best.filter((candidate) => current.has(candidate.attraction.id))
  const offered = new Set(
    distinctSights(
      [...planned, ...best.filter((candidate) => !current.has(candidate.attraction.id))].map((candidate) => candidate.attraction),
      limit + planned.length,
    ),
  )
  return best.filter((candidate) => offered.has(candidate.attraction))
}

/**
 * A re-plan changes as little as it must: each current place stays on its day when its hours allow that
 * day, and is worth more than every new place together, so the search only leaves one out (or, after it,
 * moves one to another day) when a lock or a shorter day leaves no room.
 */
function keptOnTheirDays(request: CityPlanRequest, free: readonly Candidate[]): Candidate[] {
  const dayOf = new Map((request.previous ?? []).slice(0, request.days).flatMap((ids, day) => ids.map((id) => [id, day] as const)))
  if (dayOf.size === 0) return [...free]
  const outweigh = 1 + free.filter((candidate) => !dayOf.has(candidate.attraction.id)).reduce((sum, candidate) => sum + candidate.vertex.score, 0)
  return free.map((candidate) => {
    const day = dayOf.get(candidate.attraction.id)
    const allowed = candidate.vertex.allowedTours
    if (day === undefined || (allowed && !allowed.includes(day))) return candidate
    return { ...candidate, vertex: { ...candidate.vertex, score: candidate.vertex.score + outweigh, allowedTours: [day] } }
  })
}

/**
 * The solver's matrix: travel rounded up to whole half hours (plus the pace's pause), so that with
 * half-hour visits and opening times every start time lands on the grid. Node 0 is the base: every day
 * leaves it and comes back to it.
 */
function travelMatrix(candidates: readonly Candidate[], pause: number, base: Coordinates): Float64Array[] {
  const n = candidates.length
  const matrix = Array.from({ length: n + 1 }, () => new Float64Array(n + 1))
  for (let i = 0; i < n; i++) {
    // A locked visit's day is timed by the traveller: the way to it is theirs to judge.
    if (!candidates[i]!.locked) {
      matrix[0]![i + 1] = roundUpToSlot(travelMinutes(base, candidates[i]!.attraction))
      matrix[i + 1]![0] = roundUpToSlot(travelMinutes(candidates[i]!.attraction, base))
    }
    for (let j = 0; j < n; j++) {
      // Between two locked visits the traveller's own times stand, whatever the travel estimate says.
      if (i === j || (candidates[i]!.locked && candidates[j]!.locked)) continue
      matrix[i + 1]![j + 1] = roundUpToSlot(travelMinutes(candidates[i]!.attraction, candidates[j]!.attraction) + pause)
    }
  }
  return matrix
}

/**
 * Locked visits as pre-placed vertices: on their one day at their own time, worth more than every other
 * place together, so no plan without them can win.
 */
function lockedCandidates(request: CityPlanRequest, free: readonly Candidate[]): Candidate[] {
  const outweigh = 1 + free.reduce((sum, candidate) => sum + candidate.vertex.score, 0)
  return (request.locked ?? [])
    .filter((visit) => visit.day >= 0 && visit.day < request.days)
    .map((visit) => ({
      attraction: visit.attraction,
      visitMinutes: visit.visitMinutes,
      locked: true,
      vertex: { score: outweigh, service: visit.visitMinutes, open: visit.start, close: visit.start, allowedTours: [visit.day], fixed: true },
    }))
}

/**
 * A day's time away from the base: the pace's day, with the half hour before and after it for the way to the
 * first visit and back from the last (a visit still starts no earlier than the pace's day), less a day trip's
 * ride each way; widened to hold the day's locked visits (the traveller may have kept one later).
 */
function tourWindow(window: { start: number; end: number }, day: number, locked: readonly Candidate[], ride: number, arrivesAt: number | undefined) {
  const mine = locked.filter((candidate) => candidate.vertex.allowedTours![0] === day)
  const way = roundUpToSlot(ride) - SLOT_MINUTES
  const lockedEnd = Math.max(...mine.map((candidate) => candidate.vertex.open + candidate.visitMinutes + SLOT_MINUTES))
  const setOff = day === 0 && arrivesAt !== undefined ? Math.max(window.start + way, roundUpToSlot(arrivesAt) + way + SLOT_MINUTES) : window.start + way
  return {
    start: Math.min(setOff, ...mine.map((candidate) => candidate.vertex.open - SLOT_MINUTES)),
    end: Math.max(window.end - way, lockedEnd),
    // What the solver plans: the day an hour short, the hour lunch takes (breaks.ts) once the day is ordered;
    // a day that begins after noon (the journey there) has had its lunch.
    solverEnd: Math.max(window.end - way - (setOff < LUNCH_EARLIEST ? LUNCH_MINUTES : 0), lockedEnd),
  }
}

/** The warm start: each day's locked visits by time, then the current plan's other places in their order. */
function initialTours(request: CityPlanRequest, candidates: readonly Candidate[]): number[][] {
  const node = new Map(candidates.map((candidate, k) => [candidate.attraction.id, k + 1]))
  return Array.from({ length: request.days }, (_, day) => {
    const fixed = candidates
      .map((candidate, k) => ({ candidate, node: k + 1 }))
      .filter(({ candidate }) => candidate.locked && candidate.vertex.allowedTours![0] === day)
      .sort((a, b) => a.candidate.vertex.open - b.candidate.vertex.open)
      .map(({ node }) => node)
    const others = (request.previous?.[day] ?? []).map((id) => node.get(id)).filter((k): k is number => k !== undefined && !candidates[k - 1]!.locked)
    return [...fixed, ...others]
  })
}

/** Real travel minutes between candidates and the base: what the days' grouping and order minimise. */
function travelCosts(candidates: readonly Candidate[], base: Coordinates): Float64Array[] {
  const n = candidates.length
  const matrix = Array.from({ length: n + 1 }, () => new Float64Array(n + 1))
  for (let i = 0; i < n; i++) {
    matrix[0]![i + 1] = travelMinutes(base, candidates[i]!.attraction)
    matrix[i + 1]![0] = travelMinutes(candidates[i]!.attraction, base)
    for (let j = 0; j < n; j++) matrix[i + 1]![j + 1] = travelMinutes(candidates[i]!.attraction, candidates[j]!.attraction)
  }
  return matrix
}

/**
 * What two places this close gain from one day, in minutes of travel: next door (under 150 m: the Bell Tower
 * by the Cathedral, the Treasury in the Hofburg) much, down the street (under 400 m) some.
 */
const neighboursGain = (km: number) => (km < 0.15 ? 30 : km < 0.4 ? 10 : 0)

/** How many sweeps around the base the regrouping pass also starts from (each start costs a regrouping). */
const SWEEP_STARTS = 2
/** Longer stays are regrouped from the balanced days only: the search's budget goes further there. */
const SWEEP_DAYS = 4

/** The bearing of a place from the base, in radians (east 0, north π/2), for sweeping around it. */
const bearingFrom = (base: Coordinates, place: Coordinates) =>
  Math.atan2(place.latitude - base.latitude, (place.longitude - base.longitude) * Math.cos((base.latitude * Math.PI) / 180))

/** What each pair of candidates gains from one day (`togetherGain`), worked out once a pair: the regrouping pass asks many times. */
function pairGains(candidates: readonly Candidate[]) {
  const size = candidates.length + 1
  const gains = new Float64Array(size * size).fill(NaN)
  return (a: number, b: number) => {
    const at = a * size + b
    if (Number.isNaN(gains[at]!)) gains[at] = togetherGain(candidates[a - 1]!.attraction, candidates[b - 1]!.attraction)
    return gains[at]!
  }
}

/** Days by area: regrouped from the balanced days and, for short stays, from the best sweeps around the base; the best kept. */
function daysByArea(
  problem: Problem,
  spread: readonly DaySequence[],
  how: {
    costs: Float64Array[]
    mayJoin: (sequence: DaySequence, node: number) => boolean
    together: (a: number, b: number) => number
    bearing: (node: number) => number
  },
): number[][] {
  const score = (days: readonly DaySequence[]) => tripScore(days, how.costs, how.together)
  const sweeps = spread.length <= SWEEP_DAYS ? sweepStarts(problem, spread, how.bearing, how.costs, how.mayJoin, score, SWEEP_STARTS) : []
  return [spread, ...sweeps]
    .map((start) => regroupByArea(problem, start, how.costs, how.mayJoin, how.together))
    .reduce((best, days) => (score(days) < score(best) - 1e-9 ? days : best))
}

/** Sights the reviewed data links (one inside the other, one outing) gain most: a day of their own is no plan. */
const LINKED_GAIN = 120

const togetherGain = (a: Attraction, b: Attraction) =>
  a.together?.includes(b.id) || b.together?.includes(a.id) ? LINKED_GAIN : neighboursGain(distanceKm(a, b))

/** The traveller's base, else the centre of the city's best candidates (best first). */
const baseFor = (request: CityPlanRequest, free: readonly Candidate[]): Coordinates =>
  request.base ??
  sightsCentre(free.map((candidate) => ({ ...candidate.attraction, weight: candidate.vertex.score }))) ??
  request.locked?.[0]?.attraction ?? { latitude: 0, longitude: 0 }

/**
 * The solver's days made to keep the variety rules (variety.ts), every change checked against the
 * problem's windows; and the rule any later move between days must keep.
 */
function withVariety(problem: Problem, candidates: readonly Candidate[], solved: readonly number[][], costs: Float64Array[]) {
  // A locked visit is the traveller's choice: the variety rules neither drop it nor count it.
  const traits = candidates.map((candidate): VisitTraits =>
    candidate.locked
      ? { group: undefined, heavy: false, score: candidate.vertex.score, fixed: true }
      : { group: placeGroup(candidate.attraction), heavy: isHeavy(candidate.attraction.kind, candidate.visitMinutes), score: candidate.vertex.score },
  )
  const traitsOf = (node: number) => traits[node - 1]!
  const planned = new Set(solved.flat())
  const days = applyVariety(solved, {
    traits: traitsOf,
    // Candidates come best first: vertex k + 1 is the k-th best.
    unplanned: candidates.map((_, k) => k + 1).filter((node) => !planned.has(node) && !candidates[node - 1]!.locked),
    insert: (t, sequence, node) => withVisit(problem, t, sequence, node, costs),
    fits: (t, sequence) => Number.isFinite(returnTime(problem, t, sequence)),
  })
  const share = heavyShare(days, traitsOf)
  return {
    days,
    mayJoin: (sequence: readonly number[], node: number) => !candidates[node - 1]!.locked && mayJoin(sequence, node, traitsOf, share),
  }
}

/**
 * Plans one city's days as a team orienteering problem with time windows, one tour per day, with a
 * fixed search budget (so the same request gives the same plan); then makes the days keep the variety
 * rules (variety.ts), spreads the visits over all the days and orders each day for the least travel.
 */
export function planCity(request: CityPlanRequest): DayPlan[] {
  const offered = candidatesFor(request)
  const free = keptOnTheirDays(request, offered)
  const locked = lockedCandidates(request, free)
  const candidates = [...free, ...locked]
  const window = dayWindow(request.pace, request.themes)
  const base = baseFor(request, offered)
  const days = Array.from({ length: request.days }, (_, day) => tourWindow(window, day, locked, request.rideMinutes ?? 0, request.arrivesAt))
  const travel = travelMatrix(candidates, request.pace.pauseMinutes, base)
  const tours = days.map((day) => ({ start: day.start, end: day.solverEnd }))
  // The days are chosen with the current places kept on theirs; once chosen, a place a break or a lock
  // left out may fill another day's free time.
  const problem: Problem = { vertices: candidates.map((candidate) => candidate.vertex), travel, tours }
  const open: Problem = {
    vertices: candidates.map((candidate, k) =>
      k < offered.length ? { ...candidate.vertex, allowedTours: offered[k]!.vertex.allowedTours } : candidate.vertex,
    ),
    travel,
    tours,
  }
  const replanning = locked.length > 0 || request.previous !== undefined
  const solution = solveToptw(problem, { seed: 1, ...interactiveBudget(problem), ...(replanning ? { initial: initialTours(request, candidates) } : {}) })
  const costs = travelCosts(candidates, base)
  const varied = withVariety(
    problem,
    candidates,
    solution.tours.map((tour) => tour.visits.map((visit) => visit.vertex)),
    costs,
  )
  const spread = spreadOverDays(problem, varied.days, costs, varied.mayJoin)
  const together = pairGains(candidates)
  const regrouped = daysByArea(problem, spread, {
    costs,
    mayJoin: varied.mayJoin,
    together,
    bearing: (node) => bearingFrom(base, candidates[node - 1]!.attraction),
  })
  // The day whose places a spare place is next to, if any: it only fills that day's free time.
  const neighbourDay = (node: number) => {
    const gains = regrouped.map((day) => day.reduce((sum, other) => sum + together(node, other), 0))
    const most = Math.max(0, ...gains)
    return most > 0 ? gains.indexOf(most) : undefined
  }
  const meals = [LUNCH, dinnerBefore((node) => isEveningKind(visitedAs(candidates[node - 1]!.attraction)))]
  const ordered = minimiseTravel(problem, asSolution(regrouped), costs).tours
  const spare = new Set(candidates.map((_, k) => k + 1).filter((node) => !candidates[node - 1]!.locked && !regrouped.some((day) => day.includes(node))))
  const scheduled = ordered.map((tour, t) => {
    const ordering = { problem: open, t, meals, end: days[t]!.end, costs }
    const withMeals = withBreaks(
      tour.visits.map((visit) => visit.vertex),
      tour.visits.map((visit) => visit.start),
      ordering,
    )
    // Places of a limited group (spas, theme parks, zoos: variety.ts) are left out: their trip's count is settled.
    const mayFill = (sequence: readonly number[], node: number) => !placeGroup(candidates[node - 1]!.attraction) && varied.mayJoin(sequence, node)
    const filled = fillFreedTime(open, t, withMeals, {
      spare,
      end: days[t]!.end,
      meals,
      costs,
      mayJoin: mayFill,
      nearOtherDay: (node) => (neighbourDay(node) ?? t) !== t,
    })
    const day = leastTravelOrder(filled, ordering)
    for (const node of day.sequence) spare.delete(node)
    // A visit dropped to make room for a break may fill another day's free time.
    for (const { vertex } of tour.visits) if (!day.sequence.includes(vertex)) spare.add(vertex)
    return day
  })
  // A re-plan keeps the traveller's places on their days.
  const final = replanning
    ? scheduled
    : joinNeighbours(scheduled, { problem: open, meals, ends: days.map((day) => day.end), costs, together, mayJoin: varied.mayJoin })
  return final.map((day) => {
    const visits = day.sequence.map((node, k) => {
      const candidate = candidates[node - 1]!
      const previous = day.sequence[k - 1]
      const leg = previous ? legBetween(candidates[previous - 1]!.attraction, candidate.attraction) : undefined
      return {
        attraction: candidate.attraction,
        start: day.starts[k]!,
        visitMinutes: candidate.visitMinutes,
        travelMinutes: leg?.minutes ?? 0,
        ...(leg ? { travelMode: leg.mode } : {}),
        ...(candidate.locked ? { locked: true } : {}),
      }
    })
    return day.breaks.length === 0 ? { visits, base } : { visits, base, breaks: day.breaks }
  })
}
