import { Cause, Effect } from 'effect'
import { sql } from 'kysely'
import { Database } from '../platform/database.ts'
import { json } from '../platform/http.ts'
import { Log } from '../platform/logging.ts'
import type { ApiRoutes } from '../platform/api-route.ts'

/**
 * Whether the database answers, and nothing more (anyone may call it). Why it does
 * not answer goes to the log.
 */
export const health = Effect.fn(function* () {
  const { kysely: db } = yield* Database
  const log = yield* Log
  return yield* Effect.tryPromise(() => sql`SELECT 1`.execute(db)).pipe(
    Effect.timeout('2 seconds'),
    Effect.as(json({ status: 'ok', database: 'reachable' })),
    Effect.catchCause((cause) =>
      Effect.sync(() => {
        log.error('health check: database unreachable', { cause: Cause.pretty(cause) })
        return json({ status: 'unavailable', database: 'unreachable' }, 503)
      }),
    ),
  )
})

export const healthRoutes = [{ method: 'GET', path: '/api/health', handler: health, body: 'none', auth: 'public' }] satisfies ApiRoutes
