import { sql } from 'kysely'
import type { EventSet } from '../event-set.ts'
import type { Projection } from '../types.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    event_stats_daily: { day: string; type: string; count: number }
  }
}

/** How many events of each type happened per day, over every event of the catalog. */
export const eventStatsDaily = (catalog: EventSet): Projection => ({
  name: 'event_stats_daily',
  events: catalog,
  readsPayloads: false,
  tables: ['event_stats_daily'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".event_stats_daily (
      day date NOT NULL,
      type text NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (day, type)
    )`,
  apply: async (db, events) => {
    const counts = new Map<string, { day: string; type: string; count: number }>()
    for (const event of events) {
      const day = event.occurredAt.toISOString().slice(0, 10)
      const key = `${day}|${event.type}`
      const entry = counts.get(key) ?? { day, type: event.type, count: 0 }
      entry.count++
      counts.set(key, entry)
    }
    await db
      .insertInto('event_stats_daily')
      .values([...counts.values()])
      .onConflict((oc) => oc.columns(['day', 'type']).doUpdateSet({ count: sql`event_stats_daily.count + excluded.count` }))
      .execute()
  },
})
