import { sql } from 'kysely'
import type { Db } from '../../../platform/database.ts'
import '../tables.ts'

/** Stored answers keyed by request; `get` returns only fresh ones. */
export interface ResponseCache {
  readonly get: (key: string) => Promise<unknown>
  readonly put: (key: string, endpoint: string, response: unknown) => Promise<void>
}

/** The `places_api_cache` table, answers younger than `ttlMs`; expired rows are swept at most hourly. */
export function postgresResponseCache(db: Db, ttlMs: number): ResponseCache {
  let lastSweep = 0
  return {
    get: async (key) => {
      const row = await db
        .selectFrom('places_api_cache')
        .select('response')
        .where('key', '=', key)
        .where('fetched_at', '>', sql<Date>`now() - make_interval(secs => ${ttlMs / 1000})`)
        .executeTakeFirst()
      return row?.response
    },
    put: async (key, endpoint, response) => {
      await db
        .insertInto('places_api_cache')
        .values({ key, endpoint, response: JSON.stringify(response) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ response: JSON.stringify(response), fetched_at: sql`now()` }))
        .execute()
      if (Date.now() - lastSweep > 3_600_000) {
        lastSweep = Date.now()
        await db
          .deleteFrom('places_api_cache')
          .where('fetched_at', '<', sql<Date>`now() - make_interval(secs => ${ttlMs / 1000})`)
          .execute()
      }
    },
  }
}
