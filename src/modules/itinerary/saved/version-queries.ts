import { Effect } from 'effect'
import { query } from '../../../platform/database.ts'
import { ItineraryNotFound, VersionNotFound } from './errors.ts'
import { isSavedId } from './repository.ts'
import { savedTripData } from './views.ts'
import './versions-projection.ts'

/** Versions a History page lists, at most. */
export const VERSIONS_PAGE = 50

/**
 * A page of one of the caller's itineraries' versions, newest first, older than `before` when given, from the
 * History's read model: what it costs does not grow with the trip's past. Anyone else's id is a 404.
 */
export const ownedVersionPage = Effect.fn('Itineraries.versions')(function* (savedId: string, ownerId: string, before?: number, limit = VERSIONS_PAGE) {
  if (!isSavedId(savedId)) return yield* new ItineraryNotFound()
  const rows = yield* query((db) =>
    db
      .selectFrom('itinerary_versions')
      .select(['version', 'at', 'kind', 'title', 'changes', 'shared_at'])
      .where('itinerary_id', '=', savedId)
      .where('owner_id', '=', ownerId)
      .$if(before !== undefined, (qb) => qb.where('version', '<', before!))
      .orderBy('version', 'desc')
      .limit(limit + 1)
      .execute(),
  )
  const latest = before === undefined ? rows[0]?.version : yield* latestVersion(savedId, ownerId)
  if (latest === undefined) return yield* new ItineraryNotFound()
  return {
    versions: rows.slice(0, limit).map((row) => ({
      version: row.version,
      at: row.at.toISOString(),
      kind: row.kind,
      title: row.title,
      changes: row.changes,
      shared_at: row.shared_at?.toISOString() ?? null,
      current: row.version === latest,
    })),
    more: rows.length > limit,
  }
})

const latestVersion = (savedId: string, ownerId: string) =>
  Effect.map(
    query((db) =>
      db
        .selectFrom('itinerary_versions')
        .select((eb) => eb.fn.max('version').as('latest'))
        .where('itinerary_id', '=', savedId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst(),
    ),
    (row) => row?.latest ?? undefined,
  )

/** One version by its number (as the route gives it), with its document. */
export const ownedVersion = Effect.fn('Itineraries.version')(function* (savedId: string, ownerId: string, number: string) {
  if (!isSavedId(savedId)) return yield* new ItineraryNotFound()
  const latest = yield* latestVersion(savedId, ownerId)
  if (latest === undefined) return yield* new ItineraryNotFound()
  const found = /^\d{1,6}$/.test(number)
    ? yield* query((db) =>
        db
          .selectFrom('itinerary_versions')
          .selectAll()
          .where('itinerary_id', '=', savedId)
          .where('owner_id', '=', ownerId)
          .where('version', '=', Number(number))
          .executeTakeFirst(),
      )
    : undefined
  if (!found) return yield* new VersionNotFound()
  return { version: found, latest }
})

type VersionRow = Effect.Success<ReturnType<typeof ownedVersion>>['version']

/** GET .../versions/{version}: the version's document, as GET /api/saved-itineraries/{id} gives the latest. */
export const versionView = (version: VersionRow, latest: number) => ({
  version: version.version,
  at: version.at.toISOString(),
  kind: version.kind,
  title: version.title,
  changes: version.changes,
  current: version.version === latest,
  trip_data: savedTripData(version.trip),
  itinerary_data: version.days,
})
