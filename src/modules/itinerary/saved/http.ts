/**
 * The saved-itinerary endpoints (spec §7; their paths are in `savedItineraryRoutes` below). Every one but
 * the shared reads needs a Bearer token; another user's itinerary answers 404 like a missing one.
 *
 * - `handleSaveFull` `{ tripData, editableItinerary, title, saved_id? }` → `{ saved_id, title, message }`
 *   (201 when new). Trip data and days are read leniently (see document.ts) and checked with the edit rules.
 * - `handlePendingSave`: the pending save made after login: the same body; a missing title is
 *   made from the destinations, so nothing kept before login is lost.
 * - `handleListOwned` → `[{ saved_id, title, trip_data, itinerary_data, share_url, created_at, updated_at }]`
 * - `handleGetOwned` → one of those.
 * - `handleDelete` → `{ message }`.
 * - `handleShare` → `{ share_url, share_id }`, the same link every time.
 * - `handleGetShared` (public) → `{ title, creator_name, meta: { shared_at }, data: { destinations, start_date, end_date, days } }`.
 * - `handleListVersions` (`?before=N`) → `{ versions: [{ version, at, kind, title, changes, shared_at, current }], more }`, newest
 *   first, a page at a time.
 * - `handleGetVersion` → `{ version, at, kind, title, changes, current, trip_data, itinerary_data }`.
 * - `handleRestoreVersion` → `{ saved_id, title, message }`: a new version.
 * - `handleOwnedCalendar` and `handleSharedCalendar` (public) → `text/calendar`.
 */
import { snapshotOf } from './trip-snapshot.ts'
import { Effect, Schema } from 'effect'
import { decodeJsonBody, decodeQuery, json, type ApiRequest } from '../../../platform/http.ts'
import { Config } from '../../../platform/config.ts'
import { authenticate } from '../../auth/authenticate.ts'
import { calendarResponse } from '../planner/calendar.ts'
import { deleteItinerary, restoreVersion, saveItinerary, shareItinerary } from './commands.ts'
import { ownedVersion, ownedVersionPage, versionView } from './version-queries.ts'
import { SaveBody } from '../planner/document.ts'
import { NoDatesToExport, SharedLinkNotFound } from './errors.ts'
import { ownedItineraries, ownedItinerary, ownedItineraryRow, sharedItineraryWithVersion, shownSharedVersion } from './itinerary-queries.ts'
import { cachedCalendar, doneChecking, forgetSharedCalendar, heldCalendar, rememberCalendar, SHARED_CALENDAR_CACHE_CONTROL } from './shared-calendar-cache.ts'
import { matchesEtag } from './shared-page-cache.ts'
import { PlannerPool } from '../planner/planner-pool.ts'
import { oneAtATime } from '../../../platform/one-at-a-time.ts'
import { RateLimits, type Limit } from '../../../platform/rate-limits.ts'
import { shareUrl } from './views.ts'
import type { ApiRoutes } from '../../../platform/api-route.ts'

const param = ({ params }: ApiRequest, name: string) => params[name] ?? ''

const saved = (result: { saved_id: string; title: string; created: boolean }) =>
  json({ message: 'Itinerary saved', saved_id: result.saved_id, title: result.title }, result.created ? 201 : 200)

/**
 * Saves an account may make in a minute, a point for every 64 KB of trip it sends (a whole trip is stored
 * with every version): counted before the body is read.
 */
export const SAVES_PER_ACCOUNT: Limit = {
  name: 'itinerary-save-account',
  points: 40,
  seconds: 60,
  tooMany: (wait) => `You are saving very often. Please try again in ${wait} seconds.`,
}

const SAVE_BYTES_A_POINT = 64 * 1024

const countSave = (request: Request, userId: string) => {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  const points = 1 + (Number.isFinite(declared) && declared >= 0 ? Math.floor(declared / SAVE_BYTES_A_POINT) : 4)
  return RateLimits.use((limits) => limits.consume(SAVES_PER_ACCOUNT, userId, points))
}

export const handleSaveFull = Effect.fn(function* ({ request }: ApiRequest) {
  const caller = yield* authenticate(request)
  yield* countSave(request, caller.userId)
  return saved(yield* saveItinerary(caller.userId, yield* decodeJsonBody(SaveBody, request)))
})

/** The pending save. */
export const handlePendingSave = Effect.fn(function* ({ request }: ApiRequest) {
  const caller = yield* authenticate(request)
  yield* countSave(request, caller.userId)
  return saved(yield* saveItinerary(caller.userId, yield* decodeJsonBody(SaveBody, request), { nameIfMissing: true }))
})

export const handleListOwned = Effect.fn(function* ({ request }: ApiRequest) {
  const caller = yield* authenticate(request)
  return json(yield* ownedItineraries(caller.userId))
})

export const handleGetOwned = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  return json(yield* ownedItinerary(param(req, 'id'), caller.userId))
})

export const handleDelete = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  yield* deleteItinerary(caller.userId, param(req, 'saved_id'))
  return json({ message: 'Itinerary deleted' })
})

export const handleShare = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  return json(yield* shareItinerary(caller.userId, param(req, 'id')))
})

/** No account needed. */
export const handleGetShared = Effect.fn(function* (req: ApiRequest) {
  const { shared } = yield* sharedItineraryWithVersion(param(req, 'shareId'))
  return json(shared)
})

/** A shared trip as anyone may copy it: its cities, days and places, nothing of where its owner stays or comes from. */
export const handleGetSharedTrip = Effect.fn(function* (req: ApiRequest) {
  const { row } = yield* sharedItineraryWithVersion(param(req, 'shareId'))
  return json(snapshotOf({ title: row.title, trip_data: row.trip_data, itinerary_data: row.itinerary_data }))
})

/** Calendar files an account may have made in a minute (each is built on the planner's threads). */
export const OWNED_CALENDARS_PER_ACCOUNT: Limit = {
  name: 'owned-calendar-account',
  points: 20,
  seconds: 60,
  tooMany: (wait) => `Too many calendar downloads. Please try again in ${wait} seconds.`,
}

/** One account's calendars are made one at a time: a burst of downloads queues behind itself. */
const calendarsInTurn = oneAtATime()

export const handleOwnedCalendar = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  yield* RateLimits.use((limits) => limits.consume(OWNED_CALENDARS_PER_ACCOUNT, caller.userId))
  const text = yield* calendarsInTurn(
    caller.userId,
    Effect.gen(function* () {
      const row = yield* ownedItineraryRow(param(req, 'id'), caller.userId)
      const { publicBaseUrl } = yield* Config
      const input = {
        title: row.title,
        days: row.itinerary_data,
        uidPrefix: row.saved_id,
        url: row.share_id ? shareUrl(publicBaseUrl, row.share_id) : undefined,
      }
      const calendar = yield* PlannerPool.use((pool) => pool.calendar(input))
      return calendar === undefined ? undefined : { calendar, title: row.title }
    }),
  )
  if (!text) return yield* new NoDatesToExport()
  return calendarResponse(text.calendar, text.title)
})

/**
 * Shared calendars one address may look up in a minute: a download served from memory takes nothing
 * (it costs no query and no work); one that needs the database or a build takes a point.
 */
export const SHARED_CALENDARS_PER_ADDRESS: Limit = {
  name: 'shared-calendar-address',
  points: 30,
  seconds: 60,
  tooMany: (wait) => `Too many calendar downloads. Please try again in ${wait} seconds.`,
}

/** The shared calendar as stored for its current version, looking the version up (and building once) when needed. */
const currentCalendar = Effect.fn('Itineraries.sharedCalendar')(function* (shareId: string, clientAddress: string) {
  const held = heldCalendar(shareId, Date.now())
  if (held && !held.check) return held.file
  if (held) {
    const version = yield* shownSharedVersion(shareId).pipe(Effect.ensuring(Effect.sync(() => doneChecking(held.file))))
    const same = version === undefined ? undefined : cachedCalendar(shareId, version, Date.now())
    if (same) return same
    forgetSharedCalendar(shareId)
  }
  yield* RateLimits.use((limits) => limits.consume(SHARED_CALENDARS_PER_ADDRESS, clientAddress))
  const version = yield* shownSharedVersion(shareId)
  if (version === undefined) {
    forgetSharedCalendar(shareId)
    return yield* new SharedLinkNotFound()
  }
  const cached = cachedCalendar(shareId, version, Date.now())
  if (cached) return cached
  const { row, shared, version: read } = yield* sharedItineraryWithVersion(shareId)
  const { publicBaseUrl } = yield* Config
  const input = { title: shared.title, days: row.itinerary_data, uidPrefix: row.saved_id, url: shareUrl(publicBaseUrl, shareId) }
  const text = yield* PlannerPool.use((pool) => pool.calendar(input))
  if (!text) return yield* new NoDatesToExport()
  return rememberCalendar(shareId, row.saved_id, read, shared.title, text, Date.now())
})

/**
 * The shared calendar (no account needed). Built once per version of the
 * itinerary, on a pool thread, and answered from memory (or with a 304 to its ETag) until the itinerary
 * changes, like the shared page; lookups are limited per address.
 */
export const handleSharedCalendar = Effect.fn(function* (req: ApiRequest) {
  const file = yield* currentCalendar(param(req, 'shareId'), req.clientAddress)
  if (matchesEtag(req.request.headers.get('if-none-match'), file.etag)) {
    return new Response(null, { status: 304, headers: { etag: file.etag, 'cache-control': SHARED_CALENDAR_CACHE_CONTROL } })
  }
  return calendarResponse(file.body, file.title, SHARED_CALENDAR_CACHE_CONTROL, file.etag)
})

const VersionsQuery = Schema.Struct({ before: Schema.optional(Schema.String) })

/** A page of versions, newest first; `?before=N` the page after version N; `more` when older ones follow. */
export const handleListVersions = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  const { before } = yield* decodeQuery(VersionsQuery, req.url)
  const older = before !== undefined && /^\d{1,6}$/.test(before) ? Number(before) : undefined
  return json(yield* ownedVersionPage(param(req, 'id'), caller.userId, older))
})

export const handleGetVersion = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  const { version, latest } = yield* ownedVersion(param(req, 'id'), caller.userId, param(req, 'version'))
  return json(versionView(version, latest))
})

export const handleRestoreVersion = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  yield* countSave(req.request, caller.userId)
  const restored = yield* restoreVersion(caller.userId, param(req, 'id'), param(req, 'version'))
  return json({ message: 'Version restored', ...restored })
})

export const savedItineraryRoutes = [
  { method: 'POST', path: '/api/itinerary/save', handler: handlePendingSave, body: 'json', auth: 'bearer' },
  { method: 'POST', path: '/api/saved-itineraries/save-full', handler: handleSaveFull, body: 'json', auth: 'bearer' },
  { method: 'GET', path: '/saved-itineraries/user-full', handler: handleListOwned, body: 'none', auth: 'bearer', offline: 'private' },
  { method: 'GET', path: '/api/saved-itineraries/{id}', handler: handleGetOwned, body: 'none', auth: 'bearer', offline: 'private' },
  { method: 'DELETE', path: '/saved-itineraries/{saved_id}', handler: handleDelete, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/saved-itineraries/{id}/share', handler: handleShare, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/saved-itineraries/{id}/calendar', handler: handleOwnedCalendar, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/saved-itineraries/{id}/versions', handler: handleListVersions, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/saved-itineraries/{id}/versions/{version}', handler: handleGetVersion, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/saved-itineraries/{id}/versions/{version}/restore', handler: handleRestoreVersion, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/saved-itineraries/shared/{shareId}', handler: handleGetShared, body: 'none', auth: 'public' },
  { method: 'GET', path: '/api/saved-itineraries/shared/{shareId}/trip', handler: handleGetSharedTrip, body: 'none', auth: 'public' },
  { method: 'GET', path: '/itinerary/shared/{shareId}/calendar.ics', handler: handleSharedCalendar, body: 'none', auth: 'public' },
] satisfies ApiRoutes
