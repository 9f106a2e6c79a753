import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import { KNOWN_ADDRESS_DAYS, PENDING_SIGNUP_HOURS } from './policy.ts'
import './tables.ts'

const DAY_MS = 86_400_000

/**
 * Deletes the account secrets nobody can use any more: sign-ups past their verification time (with their
 * codes), expired reset links, addresses not logged in from for 90 days, and refresh tokens of families that expired or were revoked a day ago.
 * Rotated tokens of live families stay: presenting one again is how a stolen token is noticed.
 */
export const purgeExpiredAuthData = Effect.fn('Auth.purgeExpired')(function* (at: Date) {
  const signups = yield* query((db) =>
    db
      .deleteFrom('pending_signups')
      .where('created_at', '<', new Date(at.getTime() - PENDING_SIGNUP_HOURS * 3_600_000))
      .executeTakeFirst(),
  )
  const resetTokens = yield* query((db) => db.deleteFrom('password_reset_tokens').where('expires_at', '<', at).executeTakeFirst())
  const refreshTokens = yield* query((db) =>
    db
      .deleteFrom('refresh_tokens')
      .where((eb) => eb.or([eb('family_expires_at', '<', at), eb('revoked_at', '<', new Date(at.getTime() - DAY_MS))]))
      .executeTakeFirst(),
  )
  const knownAddresses = yield* query((db) =>
    db
      .deleteFrom('login_known_addresses')
      .where('last_login_at', '<', new Date(at.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS))
      .executeTakeFirst(),
  )
  return {
    knownAddresses: Number(knownAddresses.numDeletedRows),
    pendingSignups: Number(signups.numDeletedRows),
    resetTokens: Number(resetTokens.numDeletedRows),
    refreshTokens: Number(refreshTokens.numDeletedRows),
  }
})
