/**
 * How a traveller gets from one place to the next, and how long it takes: one model for the planner, the
 * editor and every view. Pure and browser-safe.
 *
 * - Short legs (up to WALK_UP_TO_KM in a straight line) are walked: 4.5 km/h over 1.3 × the straight line,
 *   the detour streets add.
 * - Longer legs go by public transport or taxi: spec §9's 30 km/h over the great-circle distance, plus 10
 *   minutes to reach the stop and wait.
 * - The ride of a day trip, out in the morning and back in the evening, is by train or road: 60 km/h plus 15
 *   minutes.
 */
import { distanceKm } from '../../places/domain.ts'
import type { Coordinates } from './plan.ts'

export type LegMode = 'walk' | 'transit'

export interface Leg {
  /** Whole minutes. */
  readonly minutes: number
  readonly mode: LegMode
}

export const WALK_UP_TO_KM = 1.5
export const WALK_KMH = 4.5
export const STREET_DETOUR = 1.3
/** Spec §9's speed, kept for every leg not walked. */
export const TRANSIT_KMH = 30
export const TRANSIT_ACCESS_MINUTES = 10
export const RIDE_KMH = 60
export const RIDE_ACCESS_MINUTES = 15

/** A leg over `km` of straight line, unrounded minutes (the solver's matrix rounds them its own way). */
export function legOver(km: number): { readonly minutes: number; readonly mode: LegMode } {
  if (km <= WALK_UP_TO_KM) return { minutes: ((km * STREET_DETOUR) / WALK_KMH) * 60, mode: 'walk' }
  return { minutes: (km / TRANSIT_KMH) * 60 + TRANSIT_ACCESS_MINUTES, mode: 'transit' }
}

/** The leg between two places, in whole minutes. */
export function legBetween(from: Coordinates, to: Coordinates): Leg {
  const km = distanceKm(from, to)
  const { minutes, mode } = legOver(km)
  return { minutes: Math.round(minutes), mode }
}

/** A day trip's ride one way, over `km` of straight line between the base and the town, in whole minutes. */
export const rideMinutes = (km: number) => Math.round((km / RIDE_KMH) * 60 + RIDE_ACCESS_MINUTES)

/** How a leg is made, as the views say it after its minutes: "walk", "by transit or taxi". */
export const legModeText = (mode: LegMode) => (mode === 'walk' ? 'walk' : 'by transit or taxi')

/** "12 min walk", "25 min by transit or taxi"; "25 min" for a leg planned before legs had a mode. */
export const legText = (minutes: number, mode: LegMode | undefined) => (mode ? `${minutes} min ${legModeText(mode)}` : `${minutes} min`)
