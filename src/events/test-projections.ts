import { Schema } from 'effect'
import { sql, type Kysely } from 'kysely'
import { combineEvents, events, type EventOf } from './event-set.ts'
import { eventStatsDaily } from './projections/event-stats.ts'
import { projectionRegistry } from './registry.ts'
import type { Projection, RecordedEvent } from './types.ts'

/** The events of the event-store tests and the benchmark. */
export const TestEvents = events({ Counted: { i: Schema.Number }, Renamed: { title: Schema.String } })
type TestEvent = EventOf<typeof TestEvents>

/** Small read models used by the event-store tests and the benchmark. */
export const typeCounts: Projection<TestEvent> = {
  name: 'test_type_counts',
  events: TestEvents,
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
export const arrivalLog: Projection<TestEvent> = {
  name: 'test_arrival_log',
  events: TestEvents,
  tables: ['test_arrival_log'],
  ddl: (schema) => `CREATE TABLE "${schema}".test_arrival_log (seq serial PRIMARY KEY, global_position bigint NOT NULL UNIQUE, stream_id text NOT NULL)`,
  apply: async (db, events) => {
    await db
      .insertInto('test_arrival_log')
      .values(events.map((event) => ({ global_position: event.globalPosition, stream_id: event.streamId })))
      .execute()
  },
}

export const streamSummaries: Projection<TestEvent> = {
  name: 'test_stream_summaries',
  events: TestEvents,
  tables: ['test_stream_summaries'],
  ddl: (schema) =>
    `CREATE TABLE "${schema}".test_stream_summaries (stream_id text PRIMARY KEY, events integer NOT NULL, title text, last_position bigint NOT NULL)`,
  apply: async (db: Kysely<any>, events: readonly RecordedEvent<TestEvent>[]) => {
    const byStream = new Map<string, { stream_id: string; events: number; title: string | null; last_position: number }>()
    for (const event of events) {
      const row = byStream.get(event.streamId) ?? { stream_id: event.streamId, events: 0, title: null, last_position: 0 }
      row.events++
      if (event.type === 'Renamed') row.title = event.data.title
      row.last_position = event.globalPosition
      byStream.set(event.streamId, row)
    }
    const written = await db
      .insertInto('test_stream_summaries')
      .values([...byStream.values()])
      .onConflict((oc) =>
        oc.column('stream_id').doUpdateSet({
          events: sql`test_stream_summaries.events + excluded.events`,
          title: sql`coalesce(excluded.title, test_stream_summaries.title)`,
          last_position: sql`excluded.last_position`,
        }),
      )
      .returning(['stream_id', 'events'])
      .execute()
    // A command answers with its stream's event count as this commit leaves it.
    return new Map(written.map((row) => [row.stream_id, { events: row.events }]))
  },
}

const testCatalog = combineEvents(TestEvents)

/** The test read models as an app would register them. */
export const testRegistry = projectionRegistry({
  catalog: testCatalog,
  inline: [streamSummaries],
  async: [typeCounts, arrivalLog, eventStatsDaily(testCatalog)],
})
