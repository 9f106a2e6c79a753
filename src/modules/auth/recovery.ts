import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { Config } from '../../platform/config.ts'
import { transaction } from '../../platform/database.ts'
import { Log } from '../../platform/logging.ts'
import { minutesAfter, now } from '../../platform/time.ts'
import { Mailer } from '../mail/mailer.ts'
import { passwordResetMail } from '../mail/templates.ts'
import { RateLimits } from '../../platform/rate-limits.ts'
import { accountDecider, userStream } from './domain.ts'
import { InvalidDetails, ResetLinkInvalid, SessionExpired, WrongCurrentPassword } from './errors.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { LIMITS, PASSWORD_MAX_LENGTH, RESET_TOKEN_TTL_MINUTES } from './policy.ts'
import { limitAccountMails } from './registration.ts'
import { lockResetToken, saveResetToken, spendResetTokens } from './reset-tokens.ts'
import { revokeAllRefreshTokens } from './refresh-tokens.ts'
import { emailProblem, normalizeEmail, passwordProblem } from './rules.ts'
import { accessToken, issueRefreshToken } from './sessions.ts'
import { randomToken, sha256 } from './tokens.ts'
import { findUserByEmail, findUserById, lockUser, setPasswordHash } from './users.ts'

export const RESET_LINK_SENT = 'If that email exists, a reset link has been sent.'
export const RESET_DONE = 'Password reset successful.'
export const PASSWORD_UPDATED = 'Password updated successfully!'

/** Sets a new password hash, ends every session of the user (all refresh tokens) and spends every reset link. */
const replacePassword = (userId: string, passwordHash: string, at: Date) =>
  Effect.all([setPasswordHash(userId, passwordHash), revokeAllRefreshTokens(userId, at), spendResetTokens(userId, at)], { discard: true })

/**
 * POST /api/auth/forgot-password. The answer is the same whether or not the account exists, and the
 * mail goes out after the answer, so neither its content nor its timing tells them apart.
 */
export const forgotPassword = Effect.fn('Recovery.forgotPassword')(function* (input: { email?: string | undefined }, clientAddress: string) {
  const at = yield* now
  const emailIssue = emailProblem(input.email ?? '')
  if (emailIssue) return yield* new InvalidDetails({ message: emailIssue })
  const email = normalizeEmail(input.email!)
  yield* limitAccountMails(clientAddress)
  // Over the per-address limit of links, the answer stays the same and no mail goes out.
  const mayMail = yield* RateLimits.use((limits) => limits.consume(LIMITS.resetMailsPerEmail, email)).pipe(
    Effect.as(true),
    Effect.catchTag('RateLimited', () => Effect.succeed(false)),
  )
  const issued = yield* transaction(
    Effect.gen(function* () {
      const user = mayMail ? yield* findUserByEmail(email) : undefined
      if (!user) return undefined
      yield* lockUser(user.id)
      const token = randomToken()
      yield* saveResetToken(user.id, sha256(token), minutesAfter(at, RESET_TOKEN_TTL_MINUTES))
      return { name: user.name, token }
    }),
  )
  if (issued) {
    const { publicBaseUrl } = yield* Config
    const log = yield* Log
    const link = `${publicBaseUrl}/reset-password?token=${encodeURIComponent(issued.token)}`
    const send = Mailer.use((mailer) => mailer.send(passwordResetMail(email, issued.name, link, RESET_TOKEN_TTL_MINUTES))).pipe(
      Effect.catch((error) => Effect.sync(() => log.error('password reset mail could not be sent', { error: error.message }))),
    )
    yield* Effect.forkDetach(send)
  }
  return { message: RESET_LINK_SENT }
})

/** POST /api/auth/reset-password: a single-use token sets a new password and ends every session. */
export const resetPassword = Effect.fn('Recovery.resetPassword')(function* (input: { token?: string | undefined; password?: string | undefined }) {
  const at = yield* now
  const token = (input.token ?? '').trim()
  if (token === '') return yield* new InvalidDetails({ message: 'Invalid reset link' })
  const problem = passwordProblem(input.password ?? '')
  if (problem) return yield* new InvalidDetails({ message: problem })
  const passwordHash = yield* hashPassword(input.password!)
  yield* transaction(
    Effect.gen(function* () {
      const row = yield* lockResetToken(sha256(token))
      if (!row || row.used_at || row.expires_at.getTime() <= at.getTime()) return yield* new ResetLinkInvalid()
      yield* handleCommand(accountDecider, userStream(row.user_id), { type: 'ResetPassword', userId: row.user_id }, { actorId: row.user_id }).pipe(
        Effect.catchTag('NoSuchAccount', () => Effect.fail(new ResetLinkInvalid())),
      )
      yield* replacePassword(row.user_id, passwordHash, at)
    }),
  )
  return { message: RESET_DONE }
})

/**
 * POST /api/users/change-password. Every refresh token and access token of the user stops working; the
 * browser that made the change gets a fresh session so it stays signed in. Tries of the current
 * password are limited per account, counted before the hash runs.
 */
export const changePassword = Effect.fn('Recovery.changePassword')(function* (
  userId: string,
  input: { currentPassword?: string | undefined; newPassword?: string | undefined },
  remember: boolean,
) {
  const at = yield* now
  const current = input.currentPassword ?? ''
  const next = input.newPassword ?? ''
  if (current === '') return yield* new InvalidDetails({ message: 'Current password is required' })
  const problem = passwordProblem(next)
  if (problem) return yield* new InvalidDetails({ message: problem })
  const user = yield* findUserById(userId)
  if (!user) return yield* new SessionExpired()
  const limits = yield* RateLimits
  yield* limits.consume(LIMITS.changePasswordPerUser, userId)
  const matches = current.length <= PASSWORD_MAX_LENGTH && (yield* verifyPassword(user.password_hash, current))
  if (!matches) return yield* new WrongCurrentPassword()
  yield* limits.reset(LIMITS.changePasswordPerUser, userId)
  if (current === next) return yield* new InvalidDetails({ message: 'New password must be different from your current password' })
  const passwordHash = yield* hashPassword(next)
  const { refresh, state } = yield* transaction(
    Effect.gen(function* () {
      const { state } = yield* handleCommand(accountDecider, userStream(userId), { type: 'ChangePassword', userId }, { actorId: userId }).pipe(
        Effect.catchTag('NoSuchAccount', () => Effect.fail(new SessionExpired())),
      )
      yield* replacePassword(userId, passwordHash, at)
      return { state, refresh: yield* issueRefreshToken(userId, remember) }
    }),
  )
  return { message: PASSWORD_UPDATED, accessToken: yield* accessToken(userId, state, refresh.sessionId), refresh }
})
