import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import { minutesAfter } from '../../platform/time.ts'
import './tables.ts'

/** E-mailed secrets (verification codes, reset links) and the record of mails sent, for the resend limits. */

export type MailPurpose = 'otp' | 'reset'

const windowStart = (now: Date, windowMinutes: number) => minutesAfter(now, -windowMinutes)

export const countRecentMails = Effect.fn('Codes.countRecentMails')(function* (userId: string, purpose: MailPurpose, now: Date, windowMinutes: number) {
  const row = yield* query((db) =>
    db
      .selectFrom('auth_mail_sends')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('sent_at', '>', windowStart(now, windowMinutes))
      .executeTakeFirstOrThrow(),
  )
  return Number(row.sent)
})

/** When the oldest send inside the window leaves it, i.e. when another mail may go out. */
export const nextMailAllowedAt = Effect.fn('Codes.nextMailAllowedAt')(function* (userId: string, purpose: MailPurpose, now: Date, windowMinutes: number) {
  const row = yield* query((db) =>
    db
      .selectFrom('auth_mail_sends')
      .select((eb) => eb.fn.min('sent_at').as('oldest'))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('sent_at', '>', windowStart(now, windowMinutes))
      .executeTakeFirst(),
  )
  const oldest = row?.oldest ? new Date(row.oldest as Date) : now
  return minutesAfter(oldest, windowMinutes)
})

export const recordMailSent = Effect.fn('Codes.recordMailSent')(function* (userId: string, purpose: MailPurpose, now: Date) {
  yield* query((db) => db.insertInto('auth_mail_sends').values({ user_id: userId, purpose, sent_at: now }).execute())
})

/** Replaces the account's verification code (one at a time), resetting its wrong-try count. */
export const saveOtp = Effect.fn('Codes.saveOtp')(function* (userId: string, codeHash: string, expiresAt: Date) {
  yield* query((db) =>
    db
      .insertInto('email_otps')
      .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, failed_attempts: 0 })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, failed_attempts: 0 }))
      .execute(),
  )
})

/** The account's current code, locked until the transaction ends. */
export const lockOtp = Effect.fn('Codes.lockOtp')(function* (userId: string) {
  return yield* query((db) => db.selectFrom('email_otps').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst())
})

export const deleteOtp = Effect.fn('Codes.deleteOtp')(function* (userId: string) {
  yield* query((db) => db.deleteFrom('email_otps').where('user_id', '=', userId).execute())
})

export const countWrongOtp = Effect.fn('Codes.countWrongOtp')(function* (userId: string, failedAttempts: number) {
  yield* query((db) => db.updateTable('email_otps').set({ failed_attempts: failedAttempts }).where('user_id', '=', userId).execute())
})

export const saveResetToken = Effect.fn('Codes.saveResetToken')(function* (userId: string, tokenHash: string, expiresAt: Date) {
  yield* query((db) =>
    db.insertInto('password_reset_tokens').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, used_at: null }).execute(),
  )
})

export const lockResetToken = Effect.fn('Codes.lockResetToken')(function* (tokenHash: string) {
  return yield* query((db) => db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst())
})

/** Using one link spends every outstanding link of the account. */
export const spendResetTokens = Effect.fn('Codes.spendResetTokens')(function* (userId: string, now: Date) {
  yield* query((db) => db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute())
})
