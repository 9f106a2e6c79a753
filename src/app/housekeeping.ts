import { Effect } from 'effect'
import { sql } from 'kysely'
import { purgeExpiredAuthData } from '../modules/auth/housekeeping.ts'
import { query, transaction } from '../platform/database.ts'
import type { Logger } from '../platform/logging.ts'
import { purgeExpiredRateLimits } from '../platform/rate-limits.ts'
import { now } from '../platform/time.ts'
import type { AppRuntime } from './runtime.ts'

/** Any 64-bit number of our own: the advisory lock that lets one process at a time purge. */
const PURGE_LOCK = 0x72_6f_61_6d_70 // "roamp"
export const PURGE_EVERY_MS = 10 * 60_000

/**
 * One purge of expired secrets and counters (codes, reset links, refresh tokens, rate-limit rows), in one
 * transaction under an advisory lock: when another process is already purging, this one skips
 * (`undefined`). A plain function of the app's services, so a job queue can run it as it is.
 */
export const purgeExpired = Effect.fn('Housekeeping.purgeExpired')(function* () {
  const at = yield* now
  return yield* transaction(
    Effect.gen(function* () {
      const { rows } = yield* query((db) => sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}::bigint) AS locked`.execute(db))
      if (!rows[0]?.locked) return undefined
      return { ...(yield* purgeExpiredAuthData(at)), rateLimits: yield* purgeExpiredRateLimits() }
    }),
  )
})

/** Runs the purge now and every `everyMs` until stopped (started by the server). */
export function startHousekeeping(runtime: AppRuntime, logger: Logger, everyMs = PURGE_EVERY_MS): { readonly stop: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = runtime
      .runPromise(purgeExpired())
      .then((purged) => {
        if (purged) logger.info('purged expired secrets and counters', purged)
      })
      .catch((error: unknown) => logger.error('purge failed', { error: String(error) }))
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  run()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
