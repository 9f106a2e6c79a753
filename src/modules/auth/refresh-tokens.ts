import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import { query } from '../../platform/database.ts'
import { sha256 } from './tokens.ts'
import './tables.ts'

/** Refresh-token rows: stored as SHA-256; a family is one login's chain of rotations. */

export interface NewRefreshToken {
  readonly token: string
  readonly userId: string
  readonly familyId?: string
  readonly remember: boolean
  readonly familyExpiresAt: Date
  readonly now: Date
}

export const insertRefreshToken = Effect.fn('RefreshTokens.insert')(function* (token: NewRefreshToken) {
  yield* query((db) =>
    db
      .insertInto('refresh_tokens')
      .values({
        token_hash: sha256(token.token),
        user_id: token.userId,
        family_id: token.familyId ?? randomUUID(),
        remember: token.remember,
        family_expires_at: token.familyExpiresAt,
        created_at: token.now,
      })
      .execute(),
  )
})

export const findRefreshToken = Effect.fn('RefreshTokens.find')(function* (token: string) {
  return yield* query((db) => db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst())
})

/** The token's row, locked until the transaction ends (two tabs refreshing at once take turns). */
export const lockRefreshToken = Effect.fn('RefreshTokens.lock')(function* (token: string) {
  return yield* query((db) => db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token)).forUpdate().executeTakeFirst())
})

export const markRotated = Effect.fn('RefreshTokens.markRotated')(function* (tokenHash: string, now: Date) {
  yield* query((db) => db.updateTable('refresh_tokens').set({ rotated_at: now }).where('token_hash', '=', tokenHash).execute())
})

export const revokeFamily = Effect.fn('RefreshTokens.revokeFamily')(function* (familyId: string, now: Date) {
  yield* query((db) => db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute())
})

export const revokeAllRefreshTokens = Effect.fn('RefreshTokens.revokeAll')(function* (userId: string, now: Date) {
  yield* query((db) => db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute())
})
