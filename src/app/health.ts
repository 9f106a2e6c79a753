import { Effect } from 'effect'
import { sql } from 'kysely'
import { projectorLag } from '../events/checkpoints.ts'
import { Database } from '../platform/database.ts'
import { json } from '../platform/http.ts'
import { registry } from './registry.ts'

/** `GET /api/health`: 200 when the database answers, with how far each async projector is behind. */
export const health = Effect.fn('GET /api/health')(function* () {
  const { kysely: db } = yield* Database
  const check = Effect.gen(function* () {
    const started = performance.now()
    yield* Effect.tryPromise(() => sql`SELECT 1`.execute(db))
    const latencyMs = Math.round(performance.now() - started)
    const projectors = yield* Effect.tryPromise(() =>
      Promise.all(registry.async.map(async (projection) => ({ name: projection.name, lag: await projectorLag(db, projection.name) }))),
    )
    return json({ status: 'ok', database: { reachable: true, latencyMs }, projectors })
  }).pipe(Effect.timeout('2 seconds'))
  return yield* check.pipe(
    Effect.catch((error) =>
      Effect.succeed(json({ status: 'unavailable', database: { reachable: false, error: String((error as Error).message ?? error) }, projectors: [] }, 503)),
    ),
  )
})
