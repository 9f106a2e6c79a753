import { byPopularity, distanceKm, type Attraction, type Theme } from '../places/domain.ts'
import { MIDNIGHT, paceVisitMinutes, roundDownToSlot, roundUpToSlot, type PaceSettings } from './pace.ts'
import type { Problem, Vertex } from './solver/problem.ts'
import { solveToptw } from './solver/solve.ts'
import { placeScore } from './themes.ts'
import { earliestStarts, leastTravelOrder, spreadOverDays, type DayModel } from './day-order.ts'

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
  /** Search rounds for the solver: fixed, so the same request always gives the same plan. */
  readonly iterations?: number
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
 * The places worth offering the solver: those whose visit fits their opening hours inside the day
 * window, best score first, as many as the days could plausibly hold twice over.
 */
function candidatesFor(request: CityPlanRequest): Candidate[] {
  const window = dayWindow(request.pace, request.themes)
  const limit = request.days * request.pace.placesPerDay * 2 + 10
  const candidates: Candidate[] = []
  for (const attraction of [...request.attractions].sort(byPopularity)) {
    const visitMinutes = paceVisitMinutes(attraction.visitMinutes, request.pace)
    const open = roundUpToSlot(Math.max(attraction.opensAt, window.start))
    const latestStart = roundDownToSlot(Math.min(attraction.closesAt, window.end) - visitMinutes)
    if (latestStart < open) continue
    const score = placeScore(attraction.themes, attraction.popularity, request.themes)
    candidates.push({ attraction, visitMinutes, vertex: { score, service: visitMinutes, open, close: latestStart } })
  }
  return candidates
    .map((candidate, rank) => ({ candidate, rank }))
    .sort((a, b) => b.candidate.vertex.score - a.candidate.vertex.score || a.rank - b.rank)
    .slice(0, limit)
    .map(({ candidate }) => candidate)
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

/** Plans one city's days as a team orienteering problem with time windows: one tour per day. */
export function planCity(request: CityPlanRequest): PlannedDay[] {
  const candidates = candidatesFor(request)
  const window = dayWindow(request.pace, request.themes)
  const travel = travelMatrix(candidates, request.pace.pauseMinutes)
  const problem: Problem = {
    vertices: candidates.map((candidate) => candidate.vertex),
    travel,
    tours: Array.from({ length: request.days }, () => window),
  }
  const iterations = request.iterations ?? 60
  const solution = solveToptw(problem, { seed: 1, maxIterations: iterations, maxIterationsWithoutImprovement: iterations })

  const model: DayModel = {
    open: candidates.map((candidate) => candidate.vertex.open),
    latestStart: candidates.map((candidate) => candidate.vertex.close),
    visit: candidates.map((candidate) => candidate.visitMinutes),
    legTime: (i, j) => travel[i + 1]![j + 1]!,
    legCost: (i, j) => travelMinutes(candidates[i]!.attraction, candidates[j]!.attraction),
    dayStart: window.start,
    dayEnd: window.end,
  }
  const solved = solution.tours.map((tour) => tour.visits.map((visit) => visit.vertex - 1))
  const spread = spreadOverDays(
    model,
    solved,
    candidates.map((candidate) => candidate.vertex.score),
  )
  return spread.map((day) => {
    const order = leastTravelOrder(model, day)
    const starts = earliestStarts(model, order)!
    return order.map((c, k) => ({
      attraction: candidates[c]!.attraction,
      start: starts[k]!,
      visitMinutes: candidates[c]!.visitMinutes,
      travelMinutes: k > 0 ? Math.round(model.legCost(order[k - 1]!, c)) : 0,
    }))
  })
}
