import { Context, Effect, Layer, Result } from 'effect'
import { handleCommand, loadState } from '../../events/decider.ts'
import type { EventStore } from '../../events/event-store.ts'
import { transaction, type Database } from '../../platform/database.ts'
import type { Jobs } from '../../platform/jobs.ts'
import { RateLimits } from '../../platform/rate-limits.ts'
import { accountDecider, userStream, type AccountCommand, type Moderator } from './domain.ts'
import { NoSuchAccount } from './errors.ts'
import { LIMITS } from './policy.ts'
import { deleteUserRow, findUserById, lockUser } from './users.ts'

/**
 * What one module erases when a user is deleted (DESIGN §4). `erase` runs inside the deletion's
 * transaction, before the `UserDeleted` event is appended: it purges the user's own streams
 * (`EventStore.purge`, found through the module's read models, which still have them) and deletes any
 * row the log does not cover. Read models are not its business: each projection drops what refers to
 * the user when it reads `UserDeleted`, so a replay of the remaining log gives the same tables.
 * Files (photos, videos) cannot be rolled back: delete them after the commit, by a job sent in the
 * same transaction (`sendJob`).
 */
export interface UserDataEraser {
  readonly module: string
  readonly erase: (userId: string) => Effect.Effect<void, never, Database | EventStore | Jobs>
}

/** Every module's eraser, listed once in the composition root (`src/app/layer.ts`). */
export class UserDataErasers extends Context.Service<UserDataErasers, readonly UserDataEraser[]>()('roam/UserDataErasers') {
  static layer(erasers: readonly UserDataEraser[]) {
    return Layer.succeed(UserDataErasers, erasers)
  }
}

/**
 * Deletes an account with everything of the user, in one transaction: checks the rules first (nothing
 * is erased for a refused deletion), runs every module's eraser, deletes the personal data (the users
 * row and, with it, codes, reset and refresh tokens; login throttling entries), then appends
 * `UserDeleted` (ids only). The account stream stays: it holds ids and facts only, and with the personal
 * data gone nothing ties it to a person any more.
 */
export const deleteAccount = Effect.fn('Accounts.delete')(function* (userId: string, by: Moderator, noteId?: string) {
  const erasers = yield* UserDataErasers
  const command: AccountCommand = { type: 'Delete', userId, by, ...(noteId === undefined ? {} : { noteId }) }
  return yield* transaction(
    Effect.gen(function* () {
      const user = yield* findUserById(userId)
      if (!user) return yield* new NoSuchAccount()
      yield* lockUser(userId)
      const { state } = yield* loadState(accountDecider, userStream(userId))
      const decided = accountDecider.decide(command, state)
      if (Result.isFailure(decided)) return yield* decided.failure
      for (const eraser of erasers) yield* eraser.erase(userId)
      yield* RateLimits.use((limits) => limits.reset(LIMITS.loginPerAccount, user.email))
      yield* deleteUserRow(userId)
      yield* handleCommand(accountDecider, userStream(userId), command, { actorId: by.adminId })
    }),
  )
})
