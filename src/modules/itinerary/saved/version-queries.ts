import { Effect } from 'effect'
import { EventStore } from '../../../events/event-store.ts'
import { ItineraryEvents, itineraryStream } from './domain.ts'
import { ItineraryNotFound, VersionNotFound } from './errors.ts'
import { findOwnedItinerary } from './repository.ts'
import { versionsOf, type ItineraryVersion } from './versions.ts'
import { savedTripData } from './views.ts'

/**
 * The versions of one of the caller's itineraries, oldest first. Ownership is checked on the read model
 * (anyone else's id is a 404); the versions themselves are folded from the itinerary's stream, which is
 * what they are.
 */
export const ownedVersions = Effect.fn('Itineraries.versions')(function* (savedId: string, ownerId: string) {
  if (!(yield* findOwnedItinerary(savedId, ownerId))) return yield* new ItineraryNotFound()
  const { events } = yield* EventStore.use((store) => store.read(itineraryStream(savedId), ItineraryEvents))
  return versionsOf(events)
})

/** One version by its number (as the route gives it). */
export const ownedVersion = Effect.fn('Itineraries.version')(function* (savedId: string, ownerId: string, number: string) {
  const versions = yield* ownedVersions(savedId, ownerId)
  const found = /^\d{1,6}$/.test(number) ? versions[Number(number) - 1] : undefined
  if (!found) return yield* new VersionNotFound()
  return { version: found, latest: versions.length }
})

/** GET .../versions: newest first, with what each changed in words. */
export const versionListView = (versions: readonly ItineraryVersion[]) =>
  [...versions].reverse().map((version) => ({
    version: version.version,
    at: version.at.toISOString(),
    kind: version.kind,
    title: version.title,
    changes: version.changes,
    shared_at: version.sharedAt?.toISOString() ?? null,
    current: version.version === versions.length,
  }))

/** GET .../versions/{version}: the version's document, as GET /api/saved-itineraries/{id} gives the latest. */
export const versionView = (version: ItineraryVersion, latest: number) => ({
  version: version.version,
  at: version.at.toISOString(),
  kind: version.kind,
  title: version.title,
  changes: version.changes,
  current: version.version === latest,
  trip_data: savedTripData(version.trip),
  itinerary_data: version.days,
})
