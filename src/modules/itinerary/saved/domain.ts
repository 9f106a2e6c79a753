import { Result, Schema } from 'effect'
import { createHash } from 'node:crypto'
import type { Decider } from '../../../events/decider.ts'
import { events, type EventOf } from '../../../events/event-set.ts'
import { DaySchema, TripDataSchema, type ItineraryDocument } from '../planner/document.ts'
import { ItineraryExists, ItineraryNotFound, MAX_TRIPS_PER_ACCOUNT, MAX_VERSIONS_PER_TRIP, TooManyTrips, TooManyVersions } from './errors.ts'

/**
 * The saved itinerary aggregate: one `itinerary-<id>` stream per saved itinerary, owned by one user.
 * The document (trip data and days) is the traveller's own content and lives in the events, so the read
 * models can be rebuilt from the log; deleting a user purges their itinerary streams (the read model's
 * `owner_id` lists them). No personal data: the owner is an id, the creator's name is read at query time.
 */
export const ItineraryEvents = events({
  ItinerarySaved: {
    itineraryId: Schema.String,
    ownerId: Schema.String,
    title: Schema.String,
    trip: TripDataSchema,
    days: Schema.Array(DaySchema),
  },
  ItineraryEdited: { itineraryId: Schema.String, trip: TripDataSchema, days: Schema.Array(DaySchema) },
  ItineraryRenamed: { itineraryId: Schema.String, title: Schema.String },
  ItineraryShared: { itineraryId: Schema.String, shareId: Schema.String },
  ItineraryDeleted: { itineraryId: Schema.String, ownerId: Schema.String },
  /** A save of a re-plan around the traveller's locks: an edit the History panel names as such. */
  ItineraryReplanned: { itineraryId: Schema.String, trip: TripDataSchema, days: Schema.Array(DaySchema) },
  /** An earlier version made current again (`version` is its number in the History panel); the versions between stay. */
  ItineraryRestored: { itineraryId: Schema.String, version: Schema.Number, title: Schema.String, trip: TripDataSchema, days: Schema.Array(DaySchema) },
})
export type ItineraryEvent = EventOf<typeof ItineraryEvents>

export const itineraryStream = (itineraryId: string) => `itinerary-${itineraryId}`

export interface ItineraryState {
  readonly status: 'none' | 'saved' | 'deleted'
  readonly ownerId: string | null
  readonly title: string
  /** A digest of the document, to tell an edit from a save of the same thing. */
  readonly document: string
  readonly shareId: string | null
  /** The events that made a version (every save, rename, re-plan and restore). */
  readonly versions: number
}

export const initialItineraryState: ItineraryState = { status: 'none', ownerId: null, title: '', document: '', shareId: null, versions: 0 }

/** Digests by days list: a save digests its document once, though its command and its event both hold it. */
const digests = new WeakMap<object, { readonly trip: object; readonly digest: string }>()

function documentKey(document: ItineraryDocument): string {
  const known = digests.get(document.days)
  if (known?.trip === document.trip) return known.digest
  const digest = createHash('sha256')
    .update(JSON.stringify({ trip: document.trip, days: document.days }))
    .digest('base64url')
  digests.set(document.days, { trip: document.trip, digest })
  return digest
}

export function evolveItinerary(state: ItineraryState, event: ItineraryEvent): ItineraryState {
  switch (event.type) {
    case 'ItinerarySaved':
      return { status: 'saved', ownerId: event.data.ownerId, title: event.data.title, document: documentKey(event.data), shareId: null, versions: 1 }
    case 'ItineraryEdited':
    case 'ItineraryReplanned':
      return { ...state, document: documentKey(event.data), versions: state.versions + 1 }
    case 'ItineraryRestored':
      return { ...state, document: documentKey(event.data), title: event.data.title, versions: state.versions + 1 }
    case 'ItineraryRenamed':
      return { ...state, title: event.data.title, versions: state.versions + 1 }
    case 'ItineraryShared':
      return { ...state, shareId: event.data.shareId }
    case 'ItineraryDeleted':
      return { ...state, status: 'deleted' }
  }
}

export type ItineraryCommand =
  /** `ownedTrips`: how many trips the owner keeps already (from the read model). */
  | {
      readonly type: 'Save'
      readonly itineraryId: string
      readonly ownerId: string
      readonly title: string
      readonly document: ItineraryDocument
      readonly ownedTrips: number
    }
  /** Save over an existing itinerary: the new document, and a new title when one is given. */
  | {
      readonly type: 'Update'
      readonly itineraryId: string
      readonly callerId: string
      readonly title?: string
      readonly document: ItineraryDocument
      /** The new document is a re-plan around the locks. */
      readonly replanned?: boolean
    }
  /** Make version `version` (its document and title, read from the stream by the caller) current again. */
  | {
      readonly type: 'Restore'
      readonly itineraryId: string
      readonly callerId: string
      readonly version: number
      readonly title: string
      readonly document: ItineraryDocument
    }
  | { readonly type: 'Rename'; readonly itineraryId: string; readonly callerId: string; readonly title: string }
  /** `shareId` is a fresh random id, used only when the itinerary has no link yet. */
  | { readonly type: 'Share'; readonly itineraryId: string; readonly callerId: string; readonly shareId: string }
  | { readonly type: 'Delete'; readonly itineraryId: string; readonly callerId: string }

export type ItineraryFailure = ItineraryNotFound | ItineraryExists | TooManyTrips | TooManyVersions

type Decision = Result.Result<readonly ItineraryEvent[], ItineraryFailure>
const emit = (...events: ItineraryEvent[]): Decision => Result.succeed(events)

export function decideItinerary(command: ItineraryCommand, state: ItineraryState): Decision {
  const { itineraryId } = command
  if (command.type === 'Save') {
    if (state.status !== 'none') return Result.fail(new ItineraryExists())
    if (command.ownedTrips >= MAX_TRIPS_PER_ACCOUNT) return Result.fail(new TooManyTrips())
    const { ownerId, title, document } = command
    return emit({ type: 'ItinerarySaved', data: { itineraryId, ownerId, title, trip: document.trip, days: document.days } })
  }
  // Someone else's itinerary is as absent as a deleted one.
  if (state.status !== 'saved' || state.ownerId !== command.callerId) return Result.fail(new ItineraryNotFound())
  const makesVersion = command.type === 'Update' || command.type === 'Restore' || command.type === 'Rename'
  if (makesVersion && state.versions >= MAX_VERSIONS_PER_TRIP) return Result.fail(new TooManyVersions())
  switch (command.type) {
    case 'Update': {
      const changes: ItineraryEvent[] = []
      if (documentKey(command.document) !== state.document) {
        const data = { itineraryId, trip: command.document.trip, days: command.document.days }
        changes.push(command.replanned ? { type: 'ItineraryReplanned', data } : { type: 'ItineraryEdited', data })
      }
      if (command.title && command.title !== state.title) changes.push({ type: 'ItineraryRenamed', data: { itineraryId, title: command.title } })
      return emit(...changes)
    }
    case 'Restore': {
      const { version, title, document } = command
      if (documentKey(document) === state.document && title === state.title) return emit()
      return emit({ type: 'ItineraryRestored', data: { itineraryId, version, title, trip: document.trip, days: document.days } })
    }
    case 'Rename':
      return command.title === state.title ? emit() : emit({ type: 'ItineraryRenamed', data: { itineraryId, title: command.title } })
    case 'Share':
      return state.shareId ? emit() : emit({ type: 'ItineraryShared', data: { itineraryId, shareId: command.shareId } })
    case 'Delete':
      return emit({ type: 'ItineraryDeleted', data: { itineraryId, ownerId: command.callerId } })
  }
}

export const itineraryDecider: Decider<ItineraryCommand, ItineraryEvent, ItineraryState, ItineraryFailure> = {
  streamType: 'itinerary',
  events: ItineraryEvents,
  initialState: initialItineraryState,
  evolve: evolveItinerary,
  decide: decideItinerary,
  // A trip's stream holds a whole document a version: each save keeps the state (a few ids and a digest), so the
  // next one reads that and no document at all.
  snapshot: { every: 1, rules: 'itinerary-2' },
}
