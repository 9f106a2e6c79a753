import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { transaction } from '../../platform/database.ts'
import { isUuid } from '../../platform/ids.ts'
import { now } from '../../platform/time.ts'
import type { Caller } from '../auth/authenticate.ts'
import { accountDecider, userStream, type AccountCommand, type Moderator } from '../auth/domain.ts'
import { deleteAccount } from '../auth/erasure.ts'
import { revokeAllRefreshTokens } from '../auth/refresh-tokens.ts'
import { NoSuchAccount } from '../auth/errors.ts'
import type { Role } from '../auth/rules.ts'
import { UserNotFound, WarningMessageRequired } from './errors.ts'
import { newNoteId, saveNote } from './notes.ts'
import { cleanNote } from './rules.ts'

/**
 * What admins do to accounts. The account aggregate decides who may act on whom (`auth/domain.ts`);
 * these commands add the admin's note and the side effects, each in one transaction. A note is stored
 * only when its action changed something, under the id its event carries.
 */

/** A user id from a URL: anything that cannot be an id is a user that does not exist. */
export const targetId = (id: string | undefined) => (isUuid(id) ? Effect.succeed(id.toLowerCase()) : Effect.fail(new UserNotFound()))

const moderator = (caller: Caller): Moderator => ({ adminId: caller.userId, role: caller.role })

const noUser = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.mapError(effect, (error) => (error instanceof NoSuchAccount ? new UserNotFound() : error))

/** Decides an admin's command on the account, storing the note when the command changed something. */
const moderate = (caller: Caller, userId: string, note: string | undefined, command: (noteId: string | undefined) => AccountCommand) =>
  transaction(
    Effect.gen(function* () {
      const noteId = yield* newNoteId(note)
      const result = yield* noUser(handleCommand(accountDecider, userStream(userId), command(noteId), { actorId: caller.userId }))
      if (noteId && note && result.events.length > 0) yield* saveNote(noteId, userId, caller.userId, note)
      return result
    }),
  )

const withNote = (noteId: string | undefined) => (noteId ? { noteId } : {})

/** Blocks a user: every token they hold stops working at once and they cannot log in or refresh. */
export const blockUser = Effect.fn('Admin.blockUser')(function* (caller: Caller, id: string | undefined, reason?: string) {
  const userId = yield* targetId(id)
  const at = yield* now
  yield* transaction(
    Effect.gen(function* () {
      yield* moderate(caller, userId, cleanNote(reason), (noteId) => ({ type: 'Block', userId, by: moderator(caller), ...withNote(noteId) }))
      yield* revokeAllRefreshTokens(userId, at)
    }),
  )
  return { message: 'User blocked' }
})

export const unblockUser = Effect.fn('Admin.unblockUser')(function* (caller: Caller, id: string | undefined, reason?: string) {
  const userId = yield* targetId(id)
  yield* moderate(caller, userId, cleanNote(reason), (noteId) => ({ type: 'Unblock', userId, by: moderator(caller), ...withNote(noteId) }))
  return { message: 'User unblocked' }
})

/** Saves a warning; the `UserWarned` event is what the notifications module tells the user from. */
export const warnUser = Effect.fn('Admin.warnUser')(function* (caller: Caller, id: string | undefined, reason: string | undefined) {
  const userId = yield* targetId(id)
  const text = cleanNote(reason)
  if (!text) return yield* new WarningMessageRequired()
  yield* moderate(caller, userId, text, (warningId) => ({ type: 'Warn', userId, by: moderator(caller), warningId: warningId! }))
  return { message: 'Warning saved' }
})

/** Deletes the user's personal data and content and appends `UserDeleted` (auth/erasure.ts). */
export const deleteUser = Effect.fn('Admin.deleteUser')(function* (caller: Caller, id: string | undefined, reason?: string) {
  const userId = yield* targetId(id)
  const note = cleanNote(reason)
  yield* transaction(
    Effect.gen(function* () {
      const noteId = yield* newNoteId(note)
      yield* noUser(deleteAccount(userId, moderator(caller), noteId))
      if (noteId && note) yield* saveNote(noteId, userId, caller.userId, note)
    }),
  )
  return { message: 'User and related data deleted successfully' }
})

/** Grants or revokes the admin role (super-admins only; the account aggregate enforces it). */
export const changeRole = Effect.fn('Admin.changeRole')(function* (caller: Caller, id: string | undefined, role: Extract<Role, 'user' | 'admin'>) {
  const userId = yield* targetId(id)
  yield* moderate(caller, userId, undefined, () => ({ type: 'ChangeRole', userId, role, by: moderator(caller) }))
  return { message: role === 'admin' ? 'Admin role granted' : 'Admin role revoked' }
})
