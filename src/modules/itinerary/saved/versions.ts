/**
 * The versions of a saved itinerary, folded from its own stream (nothing is copied): every save, rename,
 * re-plan and restore is one (the events one save appends together are one version), each with what it
 * changed in words, and the moment its share link was made when that happened while it was the latest.
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
  readonly at: Date
  readonly kind: VersionKind
  readonly title: string
  readonly trip: TripData
  readonly days: readonly PlanDay[]
  /** What it changed from the version before, in words ("3 places added in Porto", "renamed"). */
  readonly changes: readonly string[]
  /** When the share link was made, if that was while this version was the latest. */
  readonly sharedAt: Date | null
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

function documentChanges(before: ItineraryVersion, trip: TripData, days: readonly PlanDay[]): string[] {
  const words = describeChanges(before.days, days)
  if (trip.tripPace && trip.tripPace !== before.trip.tripPace) words.unshift(`pace changed to ${trip.tripPace}`)
  return words
}

export function versionsOf(events: readonly RecordedEvent<ItineraryEvent>[]): ItineraryVersion[] {
  const versions: ItineraryVersion[] = []
  let lastAppend: string | undefined
  for (const event of events) {
    const latest = versions.at(-1)
    if (event.type === 'ItineraryShared') {
      if (latest) versions[versions.length - 1] = { ...latest, sharedAt: event.occurredAt }
      continue
    }
    if (event.type === 'ItineraryDeleted') continue
    // One save that edits and renames appends both events at once: they make one version.
    const append = `${event.transactionId}:${event.metadata.requestId ?? ''}`
    const sameAppend = latest !== undefined && lastAppend === append && event.type === 'ItineraryRenamed'
    lastAppend = append
    const base = sameAppend ? versions.pop()! : undefined
    const previous = versions.at(-1)
    const next = ((): ItineraryVersion => {
      const common = { version: versions.length + 1, at: event.occurredAt, sharedAt: null }
      switch (event.type) {
        case 'ItinerarySaved':
          return { ...common, kind: 'saved', title: event.data.title, trip: event.data.trip, days: event.data.days, changes: ['saved'] }
        case 'ItineraryEdited':
        case 'ItineraryReplanned': {
          const words = documentChanges(previous!, event.data.trip, event.data.days)
          const replanned = event.type === 'ItineraryReplanned'
          const locks = lockedPlaceCount(event.data.days)
          return {
            ...common,
            kind: replanned ? 'replanned' : 'edited',
            title: previous!.title,
            trip: event.data.trip,
            days: event.data.days,
            changes: replanned ? [`re-planned around ${plural(locks, 'locked place')}`, ...words] : words.length > 0 ? words : ['edited'],
          }
        }
        case 'ItineraryRenamed': {
          const from = base ?? previous!
          return { ...from, ...common, kind: base ? base.kind : 'renamed', title: event.data.title, changes: [...(base?.changes ?? []), 'renamed'] }
        }
        case 'ItineraryRestored':
          return {
            ...common,
            kind: 'restored',
            title: event.data.title,
            trip: event.data.trip,
            days: event.data.days,
            changes: [`restored version ${event.data.version}`],
          }
      }
    })()
    versions.push(next)
  }
  return versions
}
