import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import './tables.ts'

/** Password reset links, stored as SHA-256. */

export const saveResetToken = Effect.fn('ResetTokens.saveResetToken')(function* (userId: string, tokenHash: string, expiresAt: Date) {
  yield* query((db) =>
    db.insertInto('password_reset_tokens').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, used_at: null }).execute(),
  )
})

export const lockResetToken = Effect.fn('ResetTokens.lockResetToken')(function* (tokenHash: string) {
  return yield* query((db) => db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst())
})

/** Using one link spends every outstanding link of the account. */
export const spendResetTokens = Effect.fn('ResetTokens.spendResetTokens')(function* (userId: string, now: Date) {
  yield* query((db) => db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute())
})
