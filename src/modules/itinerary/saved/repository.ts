import { Effect } from 'effect'
import { query } from '../../../platform/database.ts'
import type { TripData } from '../planner/document.ts'
import type { PlanDay } from '../planner/plan.ts'
import './projections.ts'

/** A row of the `saved_itineraries` read model. */
export interface SavedItineraryRow {
  readonly saved_id: string
  readonly owner_id: string
  readonly title: string
  readonly trip_data: TripData
  readonly itinerary_data: readonly PlanDay[]
  readonly share_id: string | null
  readonly shared_at: Date | null
  readonly created_at: Date
  readonly updated_at: Date
  readonly version: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Saved ids are UUIDs: anything else cannot name one (and must not reach a uuid column). */
export const isSavedId = (id: string | undefined): id is string => id !== undefined && UUID.test(id)

const SHARE_ID = /^[\w-]{16,64}$/
export const isShareId = (id: string | undefined): id is string => id !== undefined && SHARE_ID.test(id)

const asRow = (row: unknown) => row as SavedItineraryRow

/** The owner's itineraries, most recently changed first. */
export const listOwnedItineraries = Effect.fn('SavedItineraries.listOwned')(function* (ownerId: string) {
  const rows = yield* query((db) => db.selectFrom('saved_itineraries').selectAll().where('owner_id', '=', ownerId).orderBy('updated_at', 'desc').execute())
  return rows.map(asRow)
})

/** How many itineraries the owner keeps. */
export const countOwnedItineraries = Effect.fn('SavedItineraries.countOwned')(function* (ownerId: string) {
  const row = yield* query((db) =>
    db
      .selectFrom('saved_itineraries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow(),
  )
  return Number(row.count)
})

/** One itinerary if it exists and is the owner's (`WHERE id = $1 AND owner = $2`). */
export const findOwnedItinerary = Effect.fn('SavedItineraries.findOwned')(function* (savedId: string, ownerId: string) {
  if (!isSavedId(savedId)) return undefined
  const row = yield* query((db) =>
    db.selectFrom('saved_itineraries').selectAll().where('saved_id', '=', savedId).where('owner_id', '=', ownerId).executeTakeFirst(),
  )
  return row ? asRow(row) : undefined
})

export const findSharedItinerary = Effect.fn('SavedItineraries.findShared')(function* (shareId: string) {
  if (!isShareId(shareId)) return undefined
  const row = yield* query((db) => db.selectFrom('saved_itineraries').selectAll().where('share_id', '=', shareId).executeTakeFirst())
  return row ? asRow(row) : undefined
})

/** The version and owner of a shared itinerary (undefined once gone): a cheap check of what a cache holds. */
export const sharedItineraryVersion = Effect.fn('SavedItineraries.sharedVersion')(function* (shareId: string) {
  if (!isShareId(shareId)) return undefined
  return yield* query((db) => db.selectFrom('saved_itineraries').select(['version', 'owner_id']).where('share_id', '=', shareId).executeTakeFirst())
})
