import type { ColumnType } from 'kysely'
import { combineEvents, pickEvents, type EventOf, type RecordedEvent } from '../../../events/event-set.ts'
import type { Projection } from '../../../events/types.ts'
import { AccountEvents } from '../../auth/domain.ts'
import type { TripData } from '../planner/document.ts'
import type { PlanDay } from '../planner/plan.ts'
import { ItineraryEvents } from './domain.ts'
import { versionAfter, type ItineraryVersion, type VersionKind } from './versions.ts'

declare module '../../../platform/tables.ts' {
  interface Tables {
    itinerary_versions: {
      itinerary_id: string
      version: number
      owner_id: string
      at: Date
      kind: VersionKind
      title: string
      changes: ColumnType<string[], string, string>
      shared_at: Date | null
      trip: ColumnType<TripData, string, string>
      days: ColumnType<PlanDay[], string, string>
      /** The append that made it (transaction and request): a rename appended with an edit joins its version. */
      made_in: string
    }
  }
}

const ReadEvents = combineEvents(ItineraryEvents, pickEvents(AccountEvents, ['UserDeleted']))
type ReadEvent = EventOf<typeof ReadEvents>

const appendOf = (event: RecordedEvent<ReadEvent>) => `${event.transactionId}:${event.metadata.requestId ?? ''}`

/**
 * The History of each saved itinerary, one row a version (inline: a save is in its History at once): what it
 * changed in words, and its document, so listing, opening or restoring a version reads one page or one row,
 * and a save compares with the version before only, whatever the length of the past.
 */
export const itineraryVersionsProjection: Projection<ReadEvent> = {
  name: 'itinerary_versions',
  events: ReadEvents,
  tables: ['itinerary_versions'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".itinerary_versions (
      itinerary_id uuid NOT NULL,
      version      integer NOT NULL,
      owner_id     uuid NOT NULL,
      at           timestamptz NOT NULL,
      kind         text NOT NULL,
      title        text NOT NULL,
      changes      jsonb NOT NULL,
      shared_at    timestamptz,
      trip         jsonb NOT NULL,
      days         jsonb NOT NULL,
      made_in      text NOT NULL,
      PRIMARY KEY (itinerary_id, version)
    );
    CREATE INDEX ON "${schema}".itinerary_versions (owner_id)`,
  apply: async (db, events) => {
    for (const event of events) {
      if (event.type === 'UserDeleted') {
        await db.deleteFrom('itinerary_versions').where('owner_id', '=', event.data.userId).execute()
        continue
      }
      const id = event.data.itineraryId
      if (event.type === 'ItineraryDeleted') {
        await db.deleteFrom('itinerary_versions').where('itinerary_id', '=', id).execute()
        continue
      }
      const latest = await db.selectFrom('itinerary_versions').selectAll().where('itinerary_id', '=', id).orderBy('version', 'desc').limit(1).executeTakeFirst()
      if (event.type === 'ItineraryShared') {
        if (latest)
          await db
            .updateTable('itinerary_versions')
            .set({ shared_at: event.occurredAt })
            .where('itinerary_id', '=', id)
            .where('version', '=', latest.version)
            .execute()
        continue
      }
      const madeIn = appendOf(event)
      const before: ItineraryVersion | undefined = latest && {
        version: latest.version,
        kind: latest.kind,
        title: latest.title,
        trip: latest.trip,
        days: latest.days,
        changes: latest.changes,
        madeIn: latest.made_in,
      }
      const next = versionAfter(before, event, madeIn)
      if (!next) continue
      const row = {
        at: event.occurredAt,
        kind: next.kind,
        title: next.title,
        changes: JSON.stringify(next.changes),
        shared_at: null,
        trip: JSON.stringify(next.trip),
        days: JSON.stringify(next.days),
        made_in: madeIn,
      }
      if (next.version === latest?.version) {
        await db.updateTable('itinerary_versions').set(row).where('itinerary_id', '=', id).where('version', '=', next.version).execute()
      } else {
        const ownerId = event.type === 'ItinerarySaved' ? event.data.ownerId : latest?.owner_id
        if (ownerId)
          await db
            .insertInto('itinerary_versions')
            .values({ itinerary_id: id, version: next.version, owner_id: ownerId, ...row })
            .execute()
      }
    }
  },
}
