import { sql, type Kysely } from 'kysely'
import type { Projection, RecordedEvent } from './types.ts'

/** Small read models used by the event-store tests and the benchmark. */
export const typeCounts: Projection = {
  name: 'test_type_counts',
  mode: 'async',
  eventTypes: ['Counted', 'Renamed'],
  tables: ['test_type_counts'],
  ddl: (schema) => `CREATE TABLE "${schema}".test_type_counts (type text PRIMARY KEY, count integer NOT NULL)`,
  apply: async (db, events) => {
    const counts = new Map<string, number>()
    for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1)
    await db
      .insertInto('test_type_counts')
      .values([...counts].map(([type, count]) => ({ type, count })))
      .onConflict((oc) => oc.column('type').doUpdateSet({ count: sql`test_type_counts.count + excluded.count` }))
      .execute()
  },
}

/** Records the order in which events reach it. */
export const arrivalLog: Projection = {
  name: 'test_arrival_log',
  mode: 'async',
  eventTypes: ['Counted', 'Renamed'],
  tables: ['test_arrival_log'],
  ddl: (schema) =>
    `CREATE TABLE "${schema}".test_arrival_log (seq serial PRIMARY KEY, global_position bigint NOT NULL UNIQUE, stream_id text NOT NULL)`,
  apply: async (db, events) => {
    await db
      .insertInto('test_arrival_log')
      .values(events.map((event) => ({ global_position: event.globalPosition, stream_id: event.streamId })))
      .execute()
  },
}

export const streamSummaries: Projection = {
  name: 'test_stream_summaries',
  mode: 'inline',
  eventTypes: ['Counted', 'Renamed'],
  tables: ['test_stream_summaries'],
  ddl: (schema) =>
    `CREATE TABLE "${schema}".test_stream_summaries (stream_id text PRIMARY KEY, events integer NOT NULL, title text, last_position bigint NOT NULL)`,
  apply: async (db: Kysely<any>, events: readonly RecordedEvent[]) => {
    const byStream = new Map<string, { stream_id: string; events: number; title: string | null; last_position: number }>()
    for (const event of events) {
      const row = byStream.get(event.streamId) ?? { stream_id: event.streamId, events: 0, title: null, last_position: 0 }
      row.events++
      if (event.type === 'Renamed') row.title = String(event.data.title)
      row.last_position = event.globalPosition
      byStream.set(event.streamId, row)
    }
    await db
      .insertInto('test_stream_summaries')
      .values([...byStream.values()])
      .onConflict((oc) =>
        oc.column('stream_id').doUpdateSet({
          events: sql`test_stream_summaries.events + excluded.events`,
          title: sql`coalesce(excluded.title, test_stream_summaries.title)`,
          last_position: sql`excluded.last_position`,
        }),
      )
      .execute()
  },
}
