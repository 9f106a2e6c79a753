import { Effect } from 'effect'
import { accountView, findUserById } from '../../auth/users.ts'
import { Config } from '../../../platform/config.ts'
import { ItineraryNotFound, SharedLinkNotFound } from './errors.ts'
import { findOwnedItinerary, findSharedItinerary, listOwnedItineraries, sharedItineraryVersion, type SavedItineraryRow } from './repository.ts'
import { savedTripData, sharedItinerary, shareUrl, type SavedItineraryView } from './views.ts'

const viewOf = (row: SavedItineraryRow, publicBaseUrl: string): SavedItineraryView => ({
  saved_id: row.saved_id,
  title: row.title,
  trip_data: savedTripData(row.trip_data),
  itinerary_data: row.itinerary_data,
  share_url: row.share_id ? shareUrl(publicBaseUrl, row.share_id) : null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

/** GET /saved-itineraries/user-full: the caller's itineraries, most recently changed first. */
export const ownedItineraries = Effect.fn('Itineraries.owned')(function* (ownerId: string) {
  const { publicBaseUrl } = yield* Config
  return (yield* listOwnedItineraries(ownerId)).map((row) => viewOf(row, publicBaseUrl))
})

/** GET /api/saved-itineraries/{id}: one of the caller's itineraries; anyone else's is a 404. */
export const ownedItinerary = Effect.fn('Itineraries.owned.one')(function* (savedId: string, ownerId: string) {
  const row = yield* findOwnedItinerary(savedId, ownerId)
  if (!row) return yield* new ItineraryNotFound()
  return viewOf(row, (yield* Config).publicBaseUrl)
})

/** The raw row of one of the caller's itineraries (calendar export). */
export const ownedItineraryRow = Effect.fn('Itineraries.owned.row')(function* (savedId: string, ownerId: string) {
  const row = yield* findOwnedItinerary(savedId, ownerId)
  if (!row) return yield* new ItineraryNotFound()
  return row
})

/** Whether the owner's shared itineraries are hidden: while an admin has blocked them (their posts and profile are too). */
const ownerHidden = (ownerId: string) => Effect.map(accountView(ownerId), (account) => account?.blocked === true)

/**
 * A shared itinerary and the version it was read at; unknown or deleted links, and the links of a blocked
 * owner, fail with "Invalid or expired link.".
 */
export const sharedItineraryWithVersion = Effect.fn('Itineraries.shared')(function* (shareId: string) {
  const row = yield* findSharedItinerary(shareId)
  if (!row || (yield* ownerHidden(row.owner_id))) return yield* new SharedLinkNotFound()
  const creator = yield* findUserById(row.owner_id)
  return {
    row,
    version: row.version,
    shared: sharedItinerary({ title: row.title, trip: row.trip_data, days: row.itinerary_data, sharedAt: row.shared_at }, creator?.name),
  }
})

/** The version a shared page shows now: undefined when the link is gone or its owner blocked (a cached copy is dropped). */
export const shownSharedVersion = Effect.fn('Itineraries.shownSharedVersion')(function* (shareId: string) {
  const row = yield* sharedItineraryVersion(shareId)
  return row && !(yield* ownerHidden(row.owner_id)) ? row.version : undefined
})
