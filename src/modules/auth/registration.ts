import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import type { EventMetadata } from '../../events/types.ts'
import { httpError } from '../../platform/http.ts'
import { inTransaction } from '../../platform/transaction.ts'
import { verificationCodeMail } from '../mail/templates.ts'
import { AccountEvent, emailProblem, normalizeEmail, validateSignup, type SignupInput } from './domain.ts'
import { AuthEnv, type AuthEnvironment } from './env.ts'
import { appendUserEvents } from './events.ts'
import { hashPassword } from './passwords.ts'
import { MAIL_SEND_WINDOW_MINUTES, OTP_MAX_FAILED_ATTEMPTS, OTP_MAX_SENDS, OTP_TTL_MINUTES } from './policy.ts'
import { countRecentMails, findUserByEmail, loadAccount, nextMailAllowedAt, recordMailSent, saveOtp } from './store.ts'
import { newOtp, otpHash } from './tokens.ts'
import type { Db } from '../../platform/database.ts'

export const SIGNUP_SENT = 'Account created. We sent a 6-digit code to your email.'
export const RESEND_SENT = 'If that email is waiting for verification, a new code has been sent.'
export const EMAIL_VERIFIED = 'Email verified.'
const MAIL_FAILED = "We couldn't send the verification code right now. Please try again in a few minutes."
const INVALID_CODE = 'Invalid code. Please try again.'
const EXPIRED_CODE = 'This code has expired. Please request a new one.'
const TOO_MANY_TRIES = 'Too many incorrect attempts. Please request a new code.'

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

const tooManyCodes = (retryAt: Date, now: Date) => {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000))
  return httpError(429, `Too many codes requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`)
}

/** Stores a fresh code for the user unless the send limit is reached; returns the code or when to retry. */
async function issueCode(trx: Db, env: AuthEnvironment, userId: string, now: Date): Promise<{ code: string } | { retryAt: Date }> {
  if ((await countRecentMails(trx, userId, 'otp', now, MAIL_SEND_WINDOW_MINUTES)) >= OTP_MAX_SENDS) {
    return { retryAt: await nextMailAllowedAt(trx, userId, 'otp', now, MAIL_SEND_WINDOW_MINUTES) }
  }
  const code = newOtp()
  await saveOtp(trx, userId, otpHash(code, userId, env.secret), new Date(now.getTime() + OTP_TTL_MINUTES * 60_000))
  await recordMailSent(trx, userId, 'otp', now)
  return { code }
}

const sendCode = (env: AuthEnvironment, email: string, name: string, code: string) =>
  Effect.tryPromise({
    try: () => env.mailer.send(verificationCodeMail(email, name, code, OTP_TTL_MINUTES)),
    catch: () => httpError(503, MAIL_FAILED),
  })

const lockUser = (trx: Db, userId: string) => trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()

/**
 * POST /auth/signup. Creates the account (unverified) and mails a code. Signing up again with the
 * e-mail of an account that was never verified replaces its details and sends a new code.
 */
export const signup = (input: SignupInput, metadata: EventMetadata) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    const checked = validateSignup(input, dayOf(now))
    if (!checked.ok) return yield* Effect.fail(httpError(400, checked.message))
    const form = checked.value
    const passwordHash = yield* Effect.promise(() => hashPassword(form.password))
    const details = { name: form.name, gender: form.gender, dob: form.dob, phone: form.phone, password_hash: passwordHash }

    const issued = yield* inTransaction(env.db, (trx) =>
      Effect.gen(function* () {
        const existing = yield* Effect.promise(() => findUserByEmail(trx, form.email))
        let userId: string
        if (existing) {
          userId = existing.id
          yield* Effect.promise(() => lockUser(trx, userId))
          const account = yield* Effect.promise(() => loadAccount(trx, userId))
          if (account?.verified) return yield* Effect.fail(httpError(409, 'An account with this email already exists.'))
          yield* Effect.promise(() => trx.updateTable('users').set(details).where('id', '=', userId).execute())
        } else {
          userId = randomUUID()
          const inserted = yield* Effect.promise(() =>
            trx
              .insertInto('users')
              .values({ id: userId, email: form.email, ...details })
              .onConflict((oc) => oc.column('email').doNothing())
              .returning('id')
              .executeTakeFirst(),
          )
          if (!inserted) return yield* Effect.fail(httpError(409, 'An account with this email already exists.'))
          yield* appendUserEvents(trx, userId, 0, [{ type: AccountEvent.Registered, data: { userId } }], metadata)
        }
        const result = yield* Effect.promise(() => issueCode(trx, env, userId, now))
        if ('retryAt' in result) return yield* Effect.fail(tooManyCodes(result.retryAt, now))
        return result.code
      }),
    )
    yield* sendCode(env, form.email, form.name, issued)
    return { message: SIGNUP_SENT }
  })

type VerifyOutcome = 'verified' | 'unknown' | 'already' | 'expired' | 'wrong' | 'exhausted'

/** POST /auth/verify-otp. A wrong code counts against the code even though the request fails. */
export const verifyOtp = (input: { email?: string | undefined; otp?: string | undefined }, metadata: EventMetadata) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    const emailIssue = emailProblem(input.email ?? '')
    if (emailIssue) return yield* Effect.fail(httpError(400, emailIssue))
    const code = (input.otp ?? '').trim()
    if (!/^\d{6}$/.test(code)) return yield* Effect.fail(httpError(400, 'Please enter the 6-digit code from the email.'))
    const email = normalizeEmail(input.email!)

    const outcome: VerifyOutcome = yield* inTransaction(env.db, (trx) =>
      Effect.gen(function* () {
        const user = yield* Effect.promise(() => findUserByEmail(trx, email))
        if (!user) return 'unknown' as const
        const otp = yield* Effect.promise(() =>
          trx.selectFrom('email_otps').selectAll().where('user_id', '=', user.id).forUpdate().executeTakeFirst(),
        )
        const account = yield* Effect.promise(() => loadAccount(trx, user.id))
        if (!account) return 'unknown' as const
        if (account.verified) return 'already' as const
        const removeCode = Effect.promise(() => trx.deleteFrom('email_otps').where('user_id', '=', user.id).execute())
        if (!otp || otp.expires_at.getTime() <= now.getTime()) {
          if (otp) yield* removeCode
          return 'expired' as const
        }
        if (otp.code_hash !== otpHash(code, user.id, env.secret)) {
          if (otp.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS) {
            yield* removeCode
            return 'exhausted' as const
          }
          yield* Effect.promise(() =>
            trx.updateTable('email_otps').set({ failed_attempts: otp.failed_attempts + 1 }).where('user_id', '=', user.id).execute(),
          )
          return 'wrong' as const
        }
        yield* removeCode
        yield* appendUserEvents(trx, user.id, account.version, [{ type: AccountEvent.EmailVerified, data: { userId: user.id } }], metadata)
        return 'verified' as const
      }),
    )
    switch (outcome) {
      case 'verified':
        return { message: EMAIL_VERIFIED }
      case 'already':
        return yield* Effect.fail(httpError(409, 'This email is already verified. Please log in.'))
      case 'expired':
        return yield* Effect.fail(httpError(400, EXPIRED_CODE))
      case 'exhausted':
        return yield* Effect.fail(httpError(400, TOO_MANY_TRIES))
      default:
        return yield* Effect.fail(httpError(400, INVALID_CODE))
    }
  })

/** POST /auth/resend-otp. Answers alike whether or not the e-mail belongs to an account awaiting verification. */
export const resendOtp = (input: { email?: string | undefined }) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    if ((input.email ?? '').trim() === '') return yield* Effect.fail(httpError(400, 'Please enter your email to resend OTP.'))
    const emailIssue = emailProblem(input.email!)
    if (emailIssue) return yield* Effect.fail(httpError(400, emailIssue))
    const email = normalizeEmail(input.email!)

    const pending = yield* inTransaction(env.db, (trx) =>
      Effect.gen(function* () {
        const user = yield* Effect.promise(() => findUserByEmail(trx, email))
        if (!user) return undefined
        yield* Effect.promise(() => lockUser(trx, user.id))
        const account = yield* Effect.promise(() => loadAccount(trx, user.id))
        if (!account || account.verified) return undefined
        const result = yield* Effect.promise(() => issueCode(trx, env, user.id, now))
        if ('retryAt' in result) return yield* Effect.fail(tooManyCodes(result.retryAt, now))
        return { name: user.name, code: result.code }
      }),
    )
    if (pending) yield* sendCode(env, email, pending.name, pending.code)
    return { message: RESEND_SENT }
  })
