/**
 * Locked places (pinned to their day and time by the traveller, kept by a re-plan) and the places deleted
 * from a trip, which a re-plan never brings back. Pure and browser-safe.
 */
import type { PlanDay } from './plan.ts'

export const lockedPlaceCount = (days: readonly PlanDay[]) => days.reduce((sum, day) => sum + day.places.filter((place) => place.locked).length, 0)

/** Place ids of the trip's days. */
export const placeIds = (days: readonly PlanDay[]) => new Set(days.flatMap((day) => day.places.map((place) => place.id)))

/**
 * The deleted places after an edit: those the edit took out of the itinerary join the list, those it
 * brought back (an Undo, an add from Explore) leave it.
 */
export function removedAfter(removed: readonly string[], before: readonly PlanDay[], after: readonly PlanDay[]): string[] {
  const now = placeIds(after)
  const gone = [...placeIds(before)].filter((id) => !now.has(id))
  return [...new Set([...removed, ...gone])].filter((id) => !now.has(id))
}
