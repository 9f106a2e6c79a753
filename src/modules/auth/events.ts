import { Effect } from 'effect'
import { appendToStream, ConcurrencyConflict } from '../../events/store.ts'
import type { EventMetadata, NewEvent } from '../../events/types.ts'
import type { Db } from '../../platform/database.ts'
import { accountsProjection } from './projections.ts'
import { loadAccount, type Account } from './store.ts'
import { userStream } from './domain.ts'

/** Appends to a user's stream at the version the decision was made on, updating the accounts read model. */
export function appendUserEvents(db: Db, userId: string, expectedVersion: number, events: readonly NewEvent[], metadata: EventMetadata) {
  return appendToStream(db, { streamId: userStream(userId), streamType: 'user', expectedVersion, events, metadata, inline: [accountsProjection] })
}

/**
 * Loads the account, decides, appends; on a concurrent write, decides again on the fresh state (a
 * few times at most). Resolves to false when the account is gone.
 */
export function decideAndAppend(db: Db, userId: string, decide: (account: Account) => readonly NewEvent[], metadata: EventMetadata) {
  const attempt: Effect.Effect<boolean, ConcurrencyConflict> = Effect.gen(function* () {
    const account = yield* Effect.promise(() => loadAccount(db, userId))
    if (!account) return false
    const events = decide(account)
    if (events.length > 0) yield* appendUserEvents(db, userId, account.version, events, metadata)
    return true
  })
  return attempt.pipe(Effect.retry({ times: 4, while: (error) => error._tag === 'ConcurrencyConflict' }))
}
