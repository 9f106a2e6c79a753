import type { ColumnType } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../../events/event-set.ts'
import type { Projection } from '../../../events/types.ts'
import { AccountEvents } from '../../auth/domain.ts'
import { ItineraryEvents } from './domain.ts'
import { forgetSharedCalendars } from './shared-calendar-cache.ts'
import { forgetSharedPages } from './shared-page-cache.ts'
import type { ReadModels } from '../../../events/registry.ts'
import { itineraryVersionsProjection } from './versions-projection.ts'

declare module '../../../platform/tables.ts' {
  interface Tables {
    saved_itineraries: {
      saved_id: string
      owner_id: string
      title: string
      trip_data: ColumnType<unknown, string, string>
      itinerary_data: ColumnType<unknown, string, string>
      share_id: string | null
      shared_at: Date | null
      created_at: Date
      updated_at: Date
      /** The stream's version: changes with every event, so it tags what a cache holds. */
      version: number
    }
  }
}

/**
 * Saved itineraries as My Itineraries, the itinerary page and the shared page read them (inline: a save
 * is listed at once). Keyed by `saved_id`; `owner_id` lists a user's itineraries (to purge them with the
 * user), `share_id` finds a shared one. A deleted user's itineraries go.
 */
const ReadEvents = combineEvents(ItineraryEvents, pickEvents(AccountEvents, ['UserDeleted']))

export const savedItinerariesProjection: Projection<EventOf<typeof ReadEvents>> = {
  name: 'saved_itineraries',
  events: ReadEvents,
  tables: ['saved_itineraries'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".saved_itineraries (
      saved_id       uuid PRIMARY KEY,
      owner_id       uuid NOT NULL,
      title          text NOT NULL,
      trip_data      jsonb NOT NULL,
      itinerary_data jsonb NOT NULL,
      share_id       text UNIQUE,
      shared_at      timestamptz,
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      version        integer NOT NULL
    );
    CREATE INDEX ON "${schema}".saved_itineraries (owner_id, updated_at DESC)`,
  apply: async (db, events) => {
    for (const event of events) {
      if (event.type === 'UserDeleted') {
        await db.deleteFrom('saved_itineraries').where('owner_id', '=', event.data.userId).execute()
        continue
      }
      const id = event.data.itineraryId
      const version = event.streamVersion
      switch (event.type) {
        case 'ItinerarySaved':
          await db
            .insertInto('saved_itineraries')
            .values({
              saved_id: id,
              owner_id: event.data.ownerId,
              title: event.data.title,
              trip_data: JSON.stringify(event.data.trip),
              itinerary_data: JSON.stringify(event.data.days),
              created_at: event.occurredAt,
              updated_at: event.occurredAt,
              version,
            })
            .execute()
          break
        case 'ItineraryEdited':
        case 'ItineraryReplanned':
          await db
            .updateTable('saved_itineraries')
            .set({ trip_data: JSON.stringify(event.data.trip), itinerary_data: JSON.stringify(event.data.days), updated_at: event.occurredAt, version })
            .where('saved_id', '=', id)
            .execute()
          break
        case 'ItineraryRestored':
          await db
            .updateTable('saved_itineraries')
            .set({
              title: event.data.title,
              trip_data: JSON.stringify(event.data.trip),
              itinerary_data: JSON.stringify(event.data.days),
              updated_at: event.occurredAt,
              version,
            })
            .where('saved_id', '=', id)
            .execute()
          break
        case 'ItineraryRenamed':
          await db.updateTable('saved_itineraries').set({ title: event.data.title, updated_at: event.occurredAt, version }).where('saved_id', '=', id).execute()
          break
        case 'ItineraryShared':
          await db
            .updateTable('saved_itineraries')
            .set({ share_id: event.data.shareId, shared_at: event.occurredAt, version })
            .where('saved_id', '=', id)
            .execute()
          break
        case 'ItineraryDeleted':
          await db.deleteFrom('saved_itineraries').where('saved_id', '=', id).execute()
          break
      }
    }
  },
  // The shared pages and calendars held in memory show the version before: drop them once the change has committed.
  committed: (events) => {
    const changed = new Set(events.flatMap((event) => (event.type === 'UserDeleted' ? [] : [event.data.itineraryId])))
    forgetSharedPages(changed)
    forgetSharedCalendars(changed)
  },
}

/** The saved itineraries' read models (src/app/registry.ts gathers every module's). */
export const itineraryReadModels: ReadModels = { inline: [savedItinerariesProjection, itineraryVersionsProjection] }
