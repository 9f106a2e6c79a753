import { randomBytes, randomUUID } from 'node:crypto'
import { Effect } from 'effect'
import { handleCommand } from '../../../events/decider.ts'
import { EventStore } from '../../../events/event-store.ts'
import { transaction } from '../../../platform/database.ts'
import { Config } from '../../../platform/config.ts'
import { readDocument, readTitle, type ItineraryDocument, type SaveBody } from '../planner/document.ts'
import { itineraryDecider, itineraryStream, type ItineraryCommand } from './domain.ts'
import { ItineraryNotFound, TitleRequired } from './errors.ts'
import { ownedVersion } from './version-queries.ts'
import { countOwnedItineraries, isSavedId } from './repository.ts'
import { shareUrl } from './views.ts'
import type { PlanDay } from '../planner/plan.ts'

const run = (command: ItineraryCommand, actorId: string) => handleCommand(itineraryDecider, itineraryStream(command.itineraryId), command, { actorId })

/** The saved id a request names (saved_id or savedId), or undefined for a new itinerary. */
function requestedId(body: SaveBody): string | undefined {
  const id = body.saved_id ?? body.savedId
  return id === undefined || id === null || String(id).trim() === '' ? undefined : String(id).trim()
}

/** A name for a pending save that came without one: the destinations. */
const nameFromTrip = (document: ItineraryDocument) => `${document.trip.destinations.join(', ')} trip`.slice(0, 120)

/**
 * Save to My Itineraries (spec §5, §7 save-full): a new itinerary needs a name ("Trip name is required to
 * save!"); with `saved_id` it replaces that itinerary's document (and name, when one is given). Another
 * user's id is a 404.
 */
export const saveItinerary = Effect.fn('Itineraries.save')(function* (callerId: string, body: SaveBody, options: { readonly nameIfMissing?: boolean } = {}) {
  const document = yield* readDocument(body)
  const title = yield* readTitle(body.title ?? body.savedTitle)
  const savedId = requestedId(body)
  if (savedId !== undefined) {
    if (!isSavedId(savedId)) return yield* new ItineraryNotFound()
    const replanned = body.replanned === true
    const { state } = yield* run({ type: 'Update', itineraryId: savedId, callerId, ...(title ? { title } : {}), document, replanned }, callerId)
    return { saved_id: savedId, title: state.title, created: false }
  }
  const name = title || (options.nameIfMissing ? nameFromTrip(document) : '')
  if (!name) return yield* new TitleRequired()
  const itineraryId = randomUUID()
  const ownedTrips = yield* countOwnedItineraries(callerId)
  yield* run({ type: 'Save', itineraryId, ownerId: callerId, title: name, document, ownedTrips }, callerId)
  return { saved_id: itineraryId, title: name, created: true }
})

/** Share (spec §7): the read-only link, the same one every time. */
export const shareItinerary = Effect.fn('Itineraries.share')(function* (callerId: string, savedId: string) {
  if (!isSavedId(savedId)) return yield* new ItineraryNotFound()
  const { state } = yield* run({ type: 'Share', itineraryId: savedId, callerId, shareId: randomBytes(16).toString('base64url') }, callerId)
  const { publicBaseUrl } = yield* Config
  return { share_url: shareUrl(publicBaseUrl, state.shareId!), share_id: state.shareId! }
})

/**
 * Delete (spec §7): its share link stops working at once, and what the traveller wrote (titles, places,
 * notes, every version) leaves the event log: only the ids-only `ItineraryDeleted` stays, as a tombstone.
 */
export const deleteItinerary = Effect.fn('Itineraries.delete')(function* (callerId: string, savedId: string) {
  if (!isSavedId(savedId)) return yield* new ItineraryNotFound()
  yield* transaction(
    Effect.gen(function* () {
      const { version } = yield* run({ type: 'Delete', itineraryId: savedId, callerId }, callerId)
      yield* EventStore.use((store) => store.truncate(itineraryStream(savedId), version))
    }),
  )
})

/**
 * Restore a version: its document and name become current again as a new version (the versions in between
 * stay in the History). Restoring what is already current changes nothing.
 */
export const restoreVersion = Effect.fn('Itineraries.restoreVersion')(function* (callerId: string, savedId: string, number: string) {
  const { version } = yield* ownedVersion(savedId, callerId, number)
  const document = { trip: version.trip, days: version.days as PlanDay[] }
  const { state } = yield* run({ type: 'Restore', itineraryId: savedId, callerId, version: version.version, title: version.title, document }, callerId)
  return { saved_id: savedId, title: state.title }
})
