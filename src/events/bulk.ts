import type { Db } from '../platform/database.ts'
import type { DomainEvent, EventSet } from './event-set.ts'

export interface NewStream {
  readonly id: string
  readonly type: string
  readonly events: readonly (DomainEvent & { readonly occurredAt: Date })[]
  readonly actorId?: string
}

/**
 * Writes many new streams at once (seeding, imports): checked against the catalog like any append,
 * in large multi-row inserts, without running projections. Rebuild the read models afterwards
 * (`rebuildProjection`), which replays the log in the same order the projectors would.
 */
export async function appendNewStreams(db: Db, catalog: EventSet, streams: readonly NewStream[]): Promise<void> {
  for (const stream of streams) for (const event of stream.events) catalog.validate(event)
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < streams.length; i += 5000) {
      const batch = streams.slice(i, i + 5000)
      await trx
        .insertInto('event_streams')
        .values(batch.map((stream) => ({ stream_id: stream.id, stream_type: stream.type, version: stream.events.length })))
        .execute()
      const rows = batch.flatMap((stream) =>
        stream.events.map((event, index) => ({
          stream_id: stream.id,
          stream_version: index + 1,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(stream.actorId ? { actorId: stream.actorId } : {}),
          occurred_at: event.occurredAt,
        })),
      )
      for (let j = 0; j < rows.length; j += 5000)
        await trx
          .insertInto('events')
          .values(rows.slice(j, j + 5000))
          .execute()
    }
  })
}
