/**
 * The versions of a saved itinerary, as its History lists them: every save, rename, re-plan and restore is
 * one (the events one save appends together are one version), each with what it changed in words. Pure:
 * the History's read model (versions-projection.ts) asks `versionAfter` for each event.
 */
import type { RecordedEvent } from '../../../events/event-set.ts'
import { describeChanges } from '../planner/compare.ts'
import type { TripData } from '../planner/document.ts'
import type { ItineraryEvent } from './domain.ts'
import { lockedPlaceCount } from '../planner/locks.ts'
import type { PlanDay } from '../planner/plan.ts'

export type VersionKind = 'saved' | 'edited' | 'replanned' | 'renamed' | 'restored'

export interface ItineraryVersion {
  /** 1 for the first save, then one more for each version. */
  readonly version: number
  readonly kind: VersionKind
  readonly title: string
  readonly trip: TripData
  readonly days: readonly PlanDay[]
  /** What it changed from the version before, in words ("3 places added in Porto", "renamed"). */
  readonly changes: readonly string[]
  /** The append that made it (a rename appended with an edit joins the edit's version). */
  readonly madeIn: string
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

function documentChanges(before: ItineraryVersion, trip: TripData, days: readonly PlanDay[]): string[] {
  const words = describeChanges(before.days, days)
  if (trip.tripPace && trip.tripPace !== before.trip.tripPace) words.unshift(`pace changed to ${trip.tripPace}`)
  return words
}

/**
 * The version an event makes after `latest` (the itinerary's newest version, if any): a new one, the latest
 * one amended (a rename appended in the same save, `madeIn`), or none (sharing and deleting make none).
 */
export function versionAfter(latest: ItineraryVersion | undefined, event: RecordedEvent<ItineraryEvent>, madeIn: string): ItineraryVersion | undefined {
  const number = (latest?.version ?? 0) + 1
  switch (event.type) {
    case 'ItinerarySaved':
      return { version: 1, kind: 'saved', title: event.data.title, trip: event.data.trip, days: event.data.days, changes: ['saved'], madeIn }
    case 'ItineraryEdited':
    case 'ItineraryReplanned': {
      if (!latest) return undefined
      const words = documentChanges(latest, event.data.trip, event.data.days)
      const replanned = event.type === 'ItineraryReplanned'
      return {
        version: number,
        kind: replanned ? 'replanned' : 'edited',
        title: latest.title,
        trip: event.data.trip,
        days: event.data.days,
        changes: replanned
          ? [`re-planned around ${plural(lockedPlaceCount(event.data.days), 'locked place')}`, ...words]
          : words.length > 0
            ? words
            : ['edited'],
        madeIn,
      }
    }
    case 'ItineraryRenamed': {
      if (!latest) return undefined
      if (latest.madeIn === madeIn) return { ...latest, title: event.data.title, changes: [...latest.changes, 'renamed'] }
      return { ...latest, version: number, kind: 'renamed', title: event.data.title, changes: ['renamed'], madeIn }
    }
    case 'ItineraryRestored':
      return {
        version: number,
        kind: 'restored',
        title: event.data.title,
        trip: event.data.trip,
        days: event.data.days,
        changes: [`restored version ${event.data.version}`],
        madeIn,
      }
    case 'ItineraryShared':
    case 'ItineraryDeleted':
      return undefined
  }
}
