import { Cause, Effect, Exit } from 'effect'
import type { Db } from './database.ts'

class Rollback {
  constructor(readonly exit: Exit.Exit<unknown, unknown>) {}
}

/**
 * Runs an Effect inside one database transaction: it commits when the Effect succeeds and rolls back
 * when it fails (keeping the typed error) or dies.
 */
export function inTransaction<A, E>(db: Db, body: (trx: Db) => Effect.Effect<A, E>): Effect.Effect<A, E> {
  return Effect.flatten(
    Effect.promise(() =>
      db
        .transaction()
        .execute(async (trx) => {
          const exit = await Effect.runPromiseExit(body(trx))
          if (Exit.isFailure(exit)) throw new Rollback(exit)
          return exit as Exit.Exit<A, E>
        })
        .catch((error: unknown) => (error instanceof Rollback ? (error.exit as Exit.Exit<A, E>) : Exit.failCause(Cause.die(error)))),
    ),
  )
}
