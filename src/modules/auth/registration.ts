import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import { handleCommand, loadState } from '../../events/decider.ts'
import { Config } from '../../platform/config.ts'
import { transaction } from '../../platform/database.ts'
import { RateLimits } from '../../platform/rate-limits.ts'
import { dayOf, minutesAfter, now } from '../../platform/time.ts'
import { Mailer } from '../mail/mailer.ts'
import { verificationCodeMail } from '../mail/templates.ts'
import { accountDecider, userStream } from './domain.ts'
import { AlreadyVerified, CodeExhausted, CodeExpired, CodeNotSent, EmailTaken, InvalidDetails, WrongCode } from './errors.ts'
import { hashPassword } from './passwords.ts'
import { countWrongCode, deletePendingSignups, insertPendingSignup, lockPendingSignups, renewCode, type PendingSignup } from './pending-signups.ts'
import { LIMITS, OTP_MAX_FAILED_ATTEMPTS, OTP_TTL_MINUTES } from './policy.ts'
import { emailProblem, normalizeEmail, validateSignup, type SignupInput } from './rules.ts'
import { newOtp, otpHash } from './tokens.ts'
import { findUserByEmail, insertUser, lockUser, updateUserDetails } from './users.ts'

export const SIGNUP_SENT = 'Account created. We sent a 6-digit code to your email.'
export const RESEND_SENT = 'If that email is waiting for verification, a new code has been sent.'
export const EMAIL_VERIFIED = 'Email verified.'

/** Sign-ups, resends and reset requests from one address share one allowance. */
export const limitAccountMails = (clientAddress: string) => RateLimits.use((limits) => limits.consume(LIMITS.accountMailsPerAddress, clientAddress))

/** The first code and every resend to one address, over all its sign-ups. */
const limitCodeMails = (email: string) => RateLimits.use((limits) => limits.consume(LIMITS.codeMailsPerEmail, email))

const isVerified = Effect.fn('Registration.isVerified')(function* (email: string) {
  const user = yield* findUserByEmail(email)
  if (!user) return false
  return (yield* loadState(accountDecider, userStream(user.id))).state.verified
})

const sendCode = (signup: Pick<PendingSignup, 'email' | 'name' | 'created_at'>, code: string) =>
  Mailer.use((mailer) => mailer.send(verificationCodeMail(signup.email, code, OTP_TTL_MINUTES, signup.created_at))).pipe(
    Effect.mapError(() => new CodeNotSent()),
  )

/**
 * POST /auth/signup. Records the sign-up with its own details and code, and mails the code. Signing up
 * again with an address that is not verified yet records another sign-up beside the first, which stays
 * as it was: each code activates only the details of the sign-up that produced it.
 */
export const signup = Effect.fn('Registration.signup')(function* (input: SignupInput, clientAddress: string) {
  const at = yield* now
  const checked = validateSignup(input, dayOf(at))
  if (!checked.ok) return yield* new InvalidDetails({ message: checked.message })
  const form = checked.value
  yield* limitAccountMails(clientAddress)
  if (yield* isVerified(form.email)) return yield* new EmailTaken()
  yield* limitCodeMails(form.email)
  const { authSecret } = yield* Config
  const id = randomUUID()
  const code = newOtp()
  const pending = {
    id,
    email: form.email,
    name: form.name,
    gender: form.gender,
    dob: form.dob,
    phone: form.phone,
    password_hash: yield* hashPassword(form.password),
    code_hash: otpHash(code, id, authSecret),
    code_expires_at: minutesAfter(at, OTP_TTL_MINUTES),
    created_at: at,
  }
  yield* insertPendingSignup(pending)
  yield* sendCode(pending, code)
  return { message: SIGNUP_SENT }
})

/** Makes the account of a sign-up whose code was entered (or completes one made before sign-ups were kept apart). */
const activate = Effect.fn('Registration.activate')(function* (signup: PendingSignup) {
  const details = { name: signup.name, gender: signup.gender, dob: signup.dob, phone: signup.phone, password_hash: signup.password_hash }
  const existing = yield* findUserByEmail(signup.email)
  let userId: string
  if (existing) {
    userId = existing.id
    yield* lockUser(userId)
    if ((yield* loadState(accountDecider, userStream(userId))).state.verified) return yield* new AlreadyVerified()
    yield* updateUserDetails(userId, details)
  } else {
    userId = randomUUID()
    if (!(yield* insertUser(userId, signup.email, details))) return yield* new AlreadyVerified()
  }
  const { state } = yield* loadState(accountDecider, userStream(userId))
  if (!state.registered) yield* handleCommand(accountDecider, userStream(userId), { type: 'Register', userId }, { actorId: userId })
  yield* handleCommand(accountDecider, userStream(userId), { type: 'VerifyEmail', userId }, { actorId: userId })
  yield* deletePendingSignups(signup.email)
})

/**
 * POST /auth/verify-otp. The code is compared with the live code of every sign-up of the address; the
 * one it belongs to becomes the account. A wrong code counts against every live code (five kill one)
 * and against the address's daily allowance, even though the request fails.
 */
export const verifyOtp = Effect.fn('Registration.verifyOtp')(function* (input: { email?: string | undefined; otp?: string | undefined }) {
  const at = yield* now
  const emailIssue = emailProblem(input.email ?? '')
  if (emailIssue) return yield* new InvalidDetails({ message: emailIssue })
  const code = (input.otp ?? '').trim()
  if (!/^\d{6}$/.test(code)) return yield* new InvalidDetails({ message: 'Please enter the 6-digit code from the email.' })
  const { authSecret } = yield* Config
  const email = normalizeEmail(input.email!)
  yield* RateLimits.use((limits) => limits.consume(LIMITS.codeGuessesPerDay, email))

  // A wrong try must be counted even though the request fails, so the transaction returns the outcome
  // and the failure is raised after it commits.
  const outcome = yield* transaction(
    Effect.gen(function* () {
      const signups = yield* lockPendingSignups(email)
      if (signups.length === 0) return (yield* isVerified(email)) ? new AlreadyVerified() : new WrongCode()
      const live = signups.filter((signup) => signup.code_expires_at.getTime() > at.getTime() && signup.failed_attempts < OTP_MAX_FAILED_ATTEMPTS)
      const match = live.find((signup) => signup.code_hash === otpHash(code, signup.id, authSecret))
      if (match) {
        yield* activate(match)
        return undefined
      }
      if (live.length === 0) return signups.some((signup) => signup.failed_attempts >= OTP_MAX_FAILED_ATTEMPTS) ? new CodeExhausted() : new CodeExpired()
      yield* countWrongCode(live.map((signup) => signup.id))
      return live.every((signup) => signup.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS) ? new CodeExhausted() : new WrongCode()
    }),
  )
  if (outcome) return yield* outcome
  return { message: EMAIL_VERIFIED }
})

/**
 * POST /auth/resend-otp. A new code for the address's latest sign-up. Answers alike whether or not the
 * e-mail is awaiting verification.
 */
export const resendOtp = Effect.fn('Registration.resendOtp')(function* (input: { email?: string | undefined }, clientAddress: string) {
  const at = yield* now
  if ((input.email ?? '').trim() === '') return yield* new InvalidDetails({ message: 'Please enter your email to resend OTP.' })
  const emailIssue = emailProblem(input.email!)
  if (emailIssue) return yield* new InvalidDetails({ message: emailIssue })
  const email = normalizeEmail(input.email!)
  yield* limitAccountMails(clientAddress)
  const { authSecret } = yield* Config

  const renewed = yield* transaction(
    Effect.gen(function* () {
      const latest = (yield* lockPendingSignups(email)).at(-1)
      if (!latest) return undefined
      yield* limitCodeMails(email)
      const code = newOtp()
      yield* renewCode(latest.id, otpHash(code, latest.id, authSecret), minutesAfter(at, OTP_TTL_MINUTES))
      return { signup: latest, code }
    }),
  )
  if (renewed) yield* sendCode(renewed.signup, renewed.code)
  return { message: RESEND_SENT }
})
