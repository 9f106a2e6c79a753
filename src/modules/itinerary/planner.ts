import { byPopularity, distanceKm, type Attraction, type Theme } from '../places/domain.ts'
import { distinctSights } from '../places/same-sight.ts'
import { startWindow } from './date-windows.ts'
import { MIDNIGHT, paceVisitMinutes, roundUpToSlot, type PaceSettings } from './pace.ts'
import { interactiveBudget, minimiseTravel, returnTime, solveToptw, type Problem, type Solution, type Vertex } from './solver/index.ts'
import { placeScore } from './themes.ts'
import { spreadOverDays, withVisit } from './spread.ts'
import { isVisitable, placeGroup } from '../places/visiting.ts'
import { visitedAs, visitingWindow } from './time-of-day.ts'
import { applyVariety, heavyShare, isHeavy, mayJoin, type VisitTraits } from './variety.ts'

/** Spec §9: travel time is the great-circle distance at an assumed 30 km/h. */
export const TRAVEL_KMH = 30
export const travelMinutes = (a: Attraction, b: Attraction) => (distanceKm(a, b) / TRAVEL_KMH) * 60

export interface PlannedVisit {
  readonly attraction: Attraction
  /** Minutes from midnight, on the half-hour grid. */
  readonly start: number
  readonly visitMinutes: number
  /** Travel from the previous visit of the day (0 for the first), in whole minutes. */
  readonly travelMinutes: number
}

export type PlannedDay = readonly PlannedVisit[]

export interface CityPlanRequest {
  readonly attractions: readonly Attraction[]
  readonly days: number
  readonly pace: PaceSettings
  readonly themes: readonly Theme[]
  /** The date of each day (YYYY-MM-DD): places are planned inside their hours on each date. */
  readonly dates?: readonly string[]
}

interface Candidate {
  readonly attraction: Attraction
  readonly visitMinutes: number
  readonly vertex: Vertex
}

/** The day's window: the pace's, or until midnight when the nightlife theme is chosen. */
export function dayWindow(pace: PaceSettings, themes: readonly Theme[]) {
  return { start: pace.dayStart, end: themes.includes('nightlife-entertainment') ? MIDNIGHT : pace.dayEnd }
}

/**
 * The places worth offering the solver: sights (places/visiting.ts) whose visit fits their opening hours
 * on the trip's dates (date-windows.ts) inside the part of the day their kind is visited in (time-of-day.ts), best score first, one per sight (a
 * provider or a mix of catalogs may list a sight twice: the better scored listing is kept), as many as the
 * days could plausibly hold twice over.
 */
function candidatesFor(request: CityPlanRequest): Candidate[] {
  const limit = request.days * request.pace.placesPerDay * 2 + 10
  const candidates: Candidate[] = []
  for (const attraction of [...request.attractions].sort(byPopularity)) {
    if (!attraction.reviewed && !isVisitable(attraction)) continue
    const window = visitingWindow(visitedAs(attraction), request.pace, request.themes)
    const visitMinutes = paceVisitMinutes(attraction.visitMinutes, request.pace)
    const starts = startWindow(attraction, window, visitMinutes, request.dates)
    if (!starts) continue
    const score = placeScore(attraction.themes, attraction.popularity, request.themes)
    candidates.push({ attraction, visitMinutes, vertex: { score, service: visitMinutes, ...starts } })
  }
  const best = candidates
    .map((candidate, rank) => ({ candidate, rank }))
    .sort((a, b) => b.candidate.vertex.score - a.candidate.vertex.score || a.rank - b.rank)
    .map(({ candidate }) => candidate)
  const byAttraction = new Map(best.map((candidate) => [candidate.attraction, candidate]))
  return distinctSights(
    best.map((candidate) => candidate.attraction),
    limit,
  ).map((attraction) => byAttraction.get(attraction)!)
}

/**
 * The solver's matrix: travel rounded up to whole half hours (plus the pace's pause), so that with
 * half-hour visits and opening times every start time lands on the grid. The depot is virtual: a day
 * may start at any place.
 */
function travelMatrix(candidates: readonly Candidate[], pause: number): Float64Array[] {
  const n = candidates.length
  const matrix = Array.from({ length: n + 1 }, () => new Float64Array(n + 1))
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j) matrix[i + 1]![j + 1] = roundUpToSlot(travelMinutes(candidates[i]!.attraction, candidates[j]!.attraction) + pause)
    }
  }
  return matrix
}

/** Real travel minutes between candidates (the depot legs cost nothing): what a day's order minimises. */
function travelCosts(candidates: readonly Candidate[]): Float64Array[] {
  const n = candidates.length
  const matrix = Array.from({ length: n + 1 }, () => new Float64Array(n + 1))
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) matrix[i + 1]![j + 1] = travelMinutes(candidates[i]!.attraction, candidates[j]!.attraction)
  }
  return matrix
}

/** Index lists as the solver's Solution shape, for its travel post-pass (which reschedules every visit). */
const asSolution = (days: readonly (readonly number[])[]): Solution => ({
  tours: days.map((day) => ({ visits: day.map((vertex) => ({ vertex, arrival: 0, start: 0 })), returnTime: 0 })),
  score: 0,
  travel: 0,
  iterations: 0,
})

/**
 * The solver's days made to keep the variety rules (variety.ts), every change checked against the
 * problem's windows; and the rule any later move between days must keep.
 */
function withVariety(problem: Problem, candidates: readonly Candidate[], solved: readonly number[][], costs: Float64Array[]) {
  const traits = candidates.map((candidate): VisitTraits => ({
    group: placeGroup(candidate.attraction),
    heavy: isHeavy(candidate.attraction.kind, candidate.visitMinutes),
    score: candidate.vertex.score,
  }))
  const traitsOf = (node: number) => traits[node - 1]!
  const planned = new Set(solved.flat())
  const days = applyVariety(solved, {
    traits: traitsOf,
    // Candidates come best first: vertex k + 1 is the k-th best.
    unplanned: candidates.map((_, k) => k + 1).filter((node) => !planned.has(node)),
    insert: (t, sequence, node) => withVisit(problem, t, sequence, node, costs),
    fits: (t, sequence) => Number.isFinite(returnTime(problem, t, sequence)),
  })
  const share = heavyShare(days, traitsOf)
  return { days, mayJoin: (sequence: readonly number[], node: number) => mayJoin(sequence, node, traitsOf, share) }
}

/**
 * Plans one city's days as a team orienteering problem with time windows, one tour per day, with a
 * fixed search budget (so the same request gives the same plan); then makes the days keep the variety
 * rules (variety.ts), spreads the visits over all the days and orders each day for the least travel.
 */
export function planCity(request: CityPlanRequest): PlannedDay[] {
  const candidates = candidatesFor(request)
  const window = dayWindow(request.pace, request.themes)
  const problem: Problem = {
    vertices: candidates.map((candidate) => candidate.vertex),
    travel: travelMatrix(candidates, request.pace.pauseMinutes),
    tours: Array.from({ length: request.days }, () => window),
  }
  const solution = solveToptw(problem, { seed: 1, ...interactiveBudget(problem) })
  const costs = travelCosts(candidates)
  const varied = withVariety(
    problem,
    candidates,
    solution.tours.map((tour) => tour.visits.map((visit) => visit.vertex)),
    costs,
  )
  const spread = spreadOverDays(problem, varied.days, costs, varied.mayJoin)
  return minimiseTravel(problem, asSolution(spread), costs).tours.map((tour) =>
    tour.visits.map((visit, k) => {
      const candidate = candidates[visit.vertex - 1]!
      const previous = tour.visits[k - 1]
      return {
        attraction: candidate.attraction,
        start: visit.start,
        visitMinutes: candidate.visitMinutes,
        travelMinutes: previous ? Math.round(costs[previous.vertex]![visit.vertex]!) : 0,
      }
    }),
  )
}
