import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import { handleCommand, loadState } from '../../events/decider.ts'
import { Config } from '../../platform/config.ts'
import { transaction } from '../../platform/database.ts'
import { dayOf, minutesAfter, now } from '../../platform/time.ts'
import { Mailer } from '../mail/mailer.ts'
import { verificationCodeMail } from '../mail/templates.ts'
import { countRecentMails, countWrongOtp, deleteOtp, lockOtp, nextMailAllowedAt, recordMailSent, saveOtp } from './codes.ts'
import { accountDecider, userStream } from './domain.ts'
import { AlreadyVerified, CodeExhausted, CodeExpired, CodeNotSent, EmailTaken, InvalidDetails, TooManyCodes, WrongCode } from './errors.ts'
import { hashPassword } from './passwords.ts'
import { MAIL_SEND_WINDOW_MINUTES, OTP_MAX_FAILED_ATTEMPTS, OTP_MAX_SENDS, OTP_TTL_MINUTES } from './policy.ts'
import { emailProblem, normalizeEmail, validateSignup, type SignupInput } from './rules.ts'
import { newOtp, otpHash } from './tokens.ts'
import { findUserByEmail, insertUser, lockUser, updateUserDetails } from './users.ts'

export const SIGNUP_SENT = 'Account created. We sent a 6-digit code to your email.'
export const RESEND_SENT = 'If that email is waiting for verification, a new code has been sent.'
export const EMAIL_VERIFIED = 'Email verified.'

/** Stores a fresh code for the user unless the send limit is reached. Runs in the caller's transaction. */
const issueCode = Effect.fn('Registration.issueCode')(function* (userId: string, at: Date) {
  if ((yield* countRecentMails(userId, 'otp', at, MAIL_SEND_WINDOW_MINUTES)) >= OTP_MAX_SENDS) {
    const retryAt = yield* nextMailAllowedAt(userId, 'otp', at, MAIL_SEND_WINDOW_MINUTES)
    return yield* new TooManyCodes({ minutes: Math.max(1, Math.ceil((retryAt.getTime() - at.getTime()) / 60_000)) })
  }
  const { authSecret } = yield* Config
  const code = newOtp()
  yield* saveOtp(userId, otpHash(code, userId, authSecret), minutesAfter(at, OTP_TTL_MINUTES))
  yield* recordMailSent(userId, 'otp', at)
  return code
})

const sendCode = (email: string, name: string, code: string) =>
  Mailer.use((mailer) => mailer.send(verificationCodeMail(email, name, code, OTP_TTL_MINUTES))).pipe(Effect.mapError(() => new CodeNotSent()))

/**
 * POST /auth/signup. Creates the account (unverified) and mails a code. Signing up again with the
 * e-mail of an account that was never verified replaces its details and sends a new code.
 */
export const signup = Effect.fn('Registration.signup')(function* (input: SignupInput) {
  const at = yield* now
  const checked = validateSignup(input, dayOf(at))
  if (!checked.ok) return yield* new InvalidDetails({ message: checked.message })
  const form = checked.value
  const details = { name: form.name, gender: form.gender, dob: form.dob, phone: form.phone, password_hash: yield* hashPassword(form.password) }

  const code = yield* transaction(
    Effect.gen(function* () {
      const existing = yield* findUserByEmail(form.email)
      let userId: string
      if (existing) {
        userId = existing.id
        yield* lockUser(userId)
        const { state } = yield* loadState(accountDecider, userStream(userId))
        if (state.verified) return yield* new EmailTaken()
        yield* updateUserDetails(userId, details)
      } else {
        userId = randomUUID()
        if (!(yield* insertUser(userId, form.email, details))) return yield* new EmailTaken()
        yield* handleCommand(accountDecider, userStream(userId), { type: 'Register', userId })
      }
      return yield* issueCode(userId, at)
    }),
  )
  yield* sendCode(form.email, form.name, code)
  return { message: SIGNUP_SENT }
})

/** POST /auth/verify-otp. A wrong code counts against the code even though the request fails. */
export const verifyOtp = Effect.fn('Registration.verifyOtp')(function* (input: { email?: string | undefined; otp?: string | undefined }) {
  const at = yield* now
  const emailIssue = emailProblem(input.email ?? '')
  if (emailIssue) return yield* new InvalidDetails({ message: emailIssue })
  const code = (input.otp ?? '').trim()
  if (!/^\d{6}$/.test(code)) return yield* new InvalidDetails({ message: 'Please enter the 6-digit code from the email.' })
  const { authSecret } = yield* Config
  const email = normalizeEmail(input.email!)

  // A wrong try must be counted even though the request fails, so the transaction returns the outcome
  // and the failure is raised after it commits.
  const outcome = yield* transaction(
    Effect.gen(function* () {
      const user = yield* findUserByEmail(email)
      if (!user) return new WrongCode()
      const otp = yield* lockOtp(user.id)
      const { state } = yield* loadState(accountDecider, userStream(user.id))
      if (!state.registered) return new WrongCode()
      if (state.verified) return new AlreadyVerified()
      if (!otp || otp.expires_at.getTime() <= at.getTime()) {
        if (otp) yield* deleteOtp(user.id)
        return new CodeExpired()
      }
      if (otp.code_hash !== otpHash(code, user.id, authSecret)) {
        if (otp.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS) {
          yield* deleteOtp(user.id)
          return new CodeExhausted()
        }
        yield* countWrongOtp(user.id, otp.failed_attempts + 1)
        return new WrongCode()
      }
      yield* deleteOtp(user.id)
      yield* handleCommand(accountDecider, userStream(user.id), { type: 'VerifyEmail', userId: user.id }, { actorId: user.id })
      return undefined
    }),
  )
  if (outcome) return yield* outcome
  return { message: EMAIL_VERIFIED }
})

/** POST /auth/resend-otp. Answers alike whether or not the e-mail belongs to an account awaiting verification. */
export const resendOtp = Effect.fn('Registration.resendOtp')(function* (input: { email?: string | undefined }) {
  const at = yield* now
  if ((input.email ?? '').trim() === '') return yield* new InvalidDetails({ message: 'Please enter your email to resend OTP.' })
  const emailIssue = emailProblem(input.email!)
  if (emailIssue) return yield* new InvalidDetails({ message: emailIssue })
  const email = normalizeEmail(input.email!)

  const pending = yield* transaction(
    Effect.gen(function* () {
      const user = yield* findUserByEmail(email)
      if (!user) return undefined
      yield* lockUser(user.id)
      const { state } = yield* loadState(accountDecider, userStream(user.id))
      if (!state.registered || state.verified) return undefined
      return { name: user.name, code: yield* issueCode(user.id, at) }
    }),
  )
  if (pending) yield* sendCode(email, pending.name, pending.code)
  return { message: RESEND_SENT }
})
