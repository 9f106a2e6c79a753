import { Context, Effect, Layer, Schema } from 'effect'
import { CompiledQuery } from 'kysely'
import { createHash } from 'node:crypto'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { Database, query, type Db } from './database.ts'
import { HttpHeaders, HttpStatus } from './errors.ts'

/** A limit: at most `points` in any fixed window of `seconds`, per key. */
export interface Limit {
  readonly name: string
  readonly points: number
  readonly seconds: number
  /** What the 429 says, given when the key may try again (`Too many uploads. Please try again in 5 minutes.`). */
  readonly tooMany: (retryAfterSeconds: number) => string
  /**
   * A key that has used its points is refused from this process's memory until its window ends, with no
   * query: for limits a flood hits (generation), never for one whose points are given back (`reward`).
   */
  readonly refuseFromMemory?: boolean
}

/** A key is over its limit: a 429 with `Retry-After`, in the words of its limit's `tooMany`. */
export class RateLimited extends Schema.TaggedError<RateLimited>()('RateLimited', { retryAfterSeconds: Schema.Number, message: Schema.String }) {
  readonly [HttpStatus] = 429
  get [HttpHeaders]() {
    return { 'Retry-After': String(this.retryAfterSeconds) }
  }
}

const overLimit = (limit: Limit, msBeforeNext: number) => {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  return new RateLimited({ retryAfterSeconds, message: limit.tooMany(retryAfterSeconds) })
}

/**
 * Counters in PostgreSQL (table `rate_limits`), updated by one atomic upsert per call, so that every
 * app process shares them and a burst of parallel requests cannot slip past a limit. Keys are stored
 * hashed: addresses and e-mails stay out of the table.
 */
export class RateLimits extends Context.Service<
  RateLimits,
  {
    /** Takes `points` from the key's allowance, or fails when that would go over the limit. */
    readonly consume: (limit: Limit, key: string, points?: number) => Effect.Effect<void, RateLimited>
    /** Gives points back (a try that turned out legitimate). */
    readonly reward: (limit: Limit, key: string, points?: number) => Effect.Effect<void>
    /** Forgets the key's count. */
    readonly reset: (limit: Limit, key: string) => Effect.Effect<void>
  }
>()('roam/RateLimits') {
  static readonly layer = Layer.effect(
    RateLimits,
    Effect.gen(function* () {
      const database = yield* Database
      return RateLimits.of(rateLimits(database.kysely))
    }),
  )
}

export const RATE_LIMITS_TABLE = 'rate_limits'

const hashedKey = (limit: Limit, key: string) => createHash('sha256').update(`${limit.name}:${key}`).digest('base64url')

function rateLimits(db: Db): RateLimits['Service'] {
  // The library speaks to a pg-like client; this one runs its statements on the app's pool.
  const client = { query: (q: { text: string; values?: unknown[] }) => db.executeQuery(CompiledQuery.raw(q.text, q.values ?? [])) }
  const limiters = new Map<string, RateLimiterPostgres>()
  const limiter = (limit: Limit) => {
    let found = limiters.get(limit.name)
    if (!found) {
      found = new RateLimiterPostgres({
        storeClient: client,
        storeType: 'client',
        tableName: RATE_LIMITS_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: limit.name,
        points: limit.points,
        duration: limit.seconds,
        ...(limit.refuseFromMemory ? { inMemoryBlockOnConsumed: limit.points } : {}),
      })
      limiters.set(limit.name, found)
    }
    return found
  }
  return {
    consume: (limit, key, points = 1) =>
      Effect.tryPromise({
        try: () => limiter(limit).consume(hashedKey(limit, key), points),
        catch: (error) => error,
      }).pipe(
        Effect.asVoid,
        Effect.catch((error) => (error instanceof RateLimiterRes ? Effect.fail(overLimit(limit, error.msBeforeNext)) : Effect.die(error))),
      ),
    reward: (limit, key, points = 1) => Effect.promise(() => limiter(limit).reward(hashedKey(limit, key), points)).pipe(Effect.asVoid),
    reset: (limit, key) => Effect.promise(() => limiter(limit).delete(hashedKey(limit, key))).pipe(Effect.asVoid),
  }
}

/**
 * Deletes counters whose window has passed (login failures, mail sends, guesses: all kept here). Windows
 * are stamped with the system clock by the library, so they are compared with it too.
 */
export const purgeExpiredRateLimits = Effect.fn('RateLimits.purgeExpired')(function* () {
  const result = yield* query((db) => db.deleteFrom('rate_limits').where('expire', '<', Date.now()).executeTakeFirst())
  return Number(result.numDeletedRows)
})
