import { Effect } from 'effect'
import type { EventMetadata } from '../../events/types.ts'
import type { Db } from '../../platform/database.ts'
import { httpError } from '../../platform/http.ts'
import { inTransaction } from '../../platform/transaction.ts'
import { passwordResetMail } from '../mail/templates.ts'
import { AccountEvent, emailProblem, normalizeEmail, passwordProblem } from './domain.ts'
import { AuthEnv } from './env.ts'
import { appendUserEvents } from './events.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { MAIL_SEND_WINDOW_MINUTES, PASSWORD_MAX_LENGTH, RESET_MAX_SENDS, RESET_TOKEN_TTL_MINUTES } from './policy.ts'
import { issueRefreshToken, type IssuedRefreshToken } from './sessions.ts'
import { countRecentMails, findUserByEmail, findUserById, loadAccount, recordMailSent, revokeAllRefreshTokens } from './store.ts'
import { randomToken, sha256, signAccessToken } from './tokens.ts'

export const RESET_LINK_SENT = 'If that email exists, a reset link has been sent.'
export const RESET_DONE = 'Password reset successful.'
export const PASSWORD_UPDATED = 'Password updated successfully!'
const INVALID_LINK = 'This reset link is invalid or has expired.'

/** Sets a new password hash and ends every session of the user (all refresh tokens). */
async function replacePassword(trx: Db, userId: string, passwordHash: string, now: Date) {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
  await revokeAllRefreshTokens(trx, userId, now)
}

/**
 * POST /api/auth/forgot-password. The answer is the same whether or not the account exists, and the
 * mail goes out after the answer, so neither its content nor its timing tells them apart.
 */
export const forgotPassword = (input: { email?: string | undefined }) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    const emailIssue = emailProblem(input.email ?? '')
    if (emailIssue) return yield* Effect.fail(httpError(400, emailIssue))
    const email = normalizeEmail(input.email!)
    const issued = yield* inTransaction(env.db, (trx) =>
      Effect.promise(async () => {
        const user = await findUserByEmail(trx, email)
        if (!user) return undefined
        await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute()
        if ((await countRecentMails(trx, user.id, 'reset', now, MAIL_SEND_WINDOW_MINUTES)) >= RESET_MAX_SENDS) return undefined
        const token = randomToken()
        await trx
          .insertInto('password_reset_tokens')
          .values({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000), used_at: null })
          .execute()
        await recordMailSent(trx, user.id, 'reset', now)
        return { name: user.name, token }
      }),
    )
    if (issued) {
      const link = `${env.publicBaseUrl}/reset-password?token=${encodeURIComponent(issued.token)}`
      env.mailer.send(passwordResetMail(email, issued.name, link, RESET_TOKEN_TTL_MINUTES)).catch((error: unknown) => {
        env.logger.error('password reset mail could not be sent', { error: error instanceof Error ? error.message : String(error) })
      })
    }
    return { message: RESET_LINK_SENT }
  })

/** POST /api/auth/reset-password: a single-use token sets a new password and ends every session. */
export const resetPassword = (input: { token?: string | undefined; password?: string | undefined }, metadata: EventMetadata) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    const token = (input.token ?? '').trim()
    if (token === '') return yield* Effect.fail(httpError(400, 'Invalid reset link'))
    const problem = passwordProblem(input.password ?? '')
    if (problem) return yield* Effect.fail(httpError(400, problem))
    const passwordHash = yield* Effect.promise(() => hashPassword(input.password!))
    const reset = yield* inTransaction(env.db, (trx) =>
      Effect.gen(function* () {
        const row = yield* Effect.promise(() =>
          trx.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', sha256(token)).forUpdate().executeTakeFirst(),
        )
        if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) return false
        const account = yield* Effect.promise(() => loadAccount(trx, row.user_id))
        if (!account) return false
        yield* Effect.promise(async () => {
          // Using one link spends every outstanding link of the account.
          await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute()
          await replacePassword(trx, row.user_id, passwordHash, now)
        })
        yield* appendUserEvents(trx, row.user_id, account.version, [{ type: AccountEvent.PasswordReset, data: { userId: row.user_id } }], {
          ...metadata,
          actorId: row.user_id,
        })
        return true
      }),
    )
    if (!reset) return yield* Effect.fail(httpError(400, INVALID_LINK))
    return { message: RESET_DONE }
  })

/**
 * POST /api/users/change-password. Every refresh token of the user is revoked; the browser that made
 * the change gets a fresh session so it stays signed in.
 */
export const changePassword = (
  userId: string,
  input: { currentPassword?: string | undefined; newPassword?: string | undefined },
  remember: boolean,
  metadata: EventMetadata,
) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    const current = input.currentPassword ?? ''
    const next = input.newPassword ?? ''
    if (current === '') return yield* Effect.fail(httpError(400, 'Current password is required'))
    const problem = passwordProblem(next)
    if (problem) return yield* Effect.fail(httpError(400, problem))
    const user = yield* Effect.promise(() => findUserById(env.db, userId))
    if (!user) return yield* Effect.fail(httpError(401, 'Your session has expired. Please log in again.'))
    const matches = current.length <= PASSWORD_MAX_LENGTH && (yield* Effect.promise(() => verifyPassword(user.password_hash, current)))
    if (!matches) return yield* Effect.fail(httpError(400, 'Current password is incorrect'))
    if (current === next) return yield* Effect.fail(httpError(400, 'New password must be different from your current password'))
    const passwordHash = yield* Effect.promise(() => hashPassword(next))
    const refresh: IssuedRefreshToken = yield* inTransaction(env.db, (trx) =>
      Effect.gen(function* () {
        const account = yield* Effect.promise(() => loadAccount(trx, userId))
        yield* Effect.promise(() => replacePassword(trx, userId, passwordHash, now))
        yield* appendUserEvents(trx, userId, account?.version ?? 0, [{ type: AccountEvent.PasswordChanged, data: { userId } }], { ...metadata, actorId: userId })
        return yield* Effect.promise(() => issueRefreshToken(trx, userId, remember, now))
      }),
    )
    const account = yield* Effect.promise(() => loadAccount(env.db, userId))
    const accessToken = yield* Effect.promise(() => signAccessToken({ userId, role: account?.role ?? 'user' }, env.secret, now))
    return { message: PASSWORD_UPDATED, accessToken, refresh }
  })
