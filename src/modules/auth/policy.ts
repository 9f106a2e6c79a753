import type { Limit } from '../../platform/rate-limits.ts'

/** The security numbers of DESIGN §6, in one place. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export const OTP_DIGITS = 6
export const OTP_TTL_MINUTES = 10
export const OTP_MAX_FAILED_ATTEMPTS = 5
/** The first code plus three resends in any 15 minutes. */
export const OTP_MAX_SENDS = 4
export const MAIL_SEND_WINDOW_MINUTES = 15

export const RESET_TOKEN_TTL_MINUTES = 30
export const RESET_MAX_SENDS = 3

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
export const REFRESH_REMEMBER_DAYS = 30
/** A login without "remember me" lives for the browser session, and never longer than this. */
export const REFRESH_SESSION_HOURS = 24
/** A rotated refresh token presented again within this many seconds is a parallel tab, not a theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 5

export const LOGIN_WINDOW_MINUTES = 15
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20

/** A sign-up stays open for verification (a resend renews its code) this long. */
export const PENDING_SIGNUP_HOURS = 24

/** An address an account has not logged in from for this long is a stranger again. */
export const KNOWN_ADDRESS_DAYS = 90

/**
 * Abuse limits (counters shared by every app process, platform/rate-limits.ts). A password check takes
 * its point before the hash runs, so a burst of parallel guesses cannot outrun the count; a successful
 * login gives it back.
 */
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))
/** "1 minute", "15 minutes": a wait rounded up to whole minutes. */
const inMinutes = (seconds: number) => `${minutes(seconds)} minute${minutes(seconds) === 1 ? '' : 's'}`
const tooManyLogins = (wait: number) => `Too many login attempts. Please try again in ${inMinutes(wait)}.`
const tooManyRequests = (wait: number) => `Too many requests. Please try again in ${inMinutes(wait)}.`

export const LIMITS = {
  loginPerAccount: { name: 'login-account', points: LOGIN_MAX_FAILURES_PER_ACCOUNT, seconds: LOGIN_WINDOW_MINUTES * 60, tooMany: tooManyLogins },
  loginPerAddress: { name: 'login-address', points: LOGIN_MAX_FAILURES_PER_ADDRESS, seconds: LOGIN_WINDOW_MINUTES * 60, tooMany: tooManyLogins },
  /**
   * Tries from an address that has logged in to the account before: counted apart from the account's own
   * allowance, so wrong passwords from elsewhere cannot lock its owner out (the device-trust exception).
   */
  loginPerKnownAddress: { name: 'login-known-address', points: LOGIN_MAX_FAILURES_PER_ACCOUNT, seconds: LOGIN_WINDOW_MINUTES * 60, tooMany: tooManyLogins },
  changePasswordPerUser: { name: 'change-password', points: 5, seconds: 15 * 60, tooMany: tooManyRequests },
  /** Sign-ups, code resends and reset requests from one address (mail that costs us and bothers others). */
  accountMailsPerAddress: { name: 'account-mail-address', points: 30, seconds: 60 * 60, tooMany: tooManyRequests },
  /** The first code plus three resends, over every sign-up of one address. */
  codeMailsPerEmail: {
    name: 'code-mail-email',
    points: OTP_MAX_SENDS,
    seconds: MAIL_SEND_WINDOW_MINUTES * 60,
    tooMany: (wait) => `Too many codes requested. Please try again in ${inMinutes(wait)}.`,
  },
  /** Over it, a reset request is answered as usual but no mail is sent (the answer never says whether one was). */
  resetMailsPerEmail: { name: 'reset-mail-email', points: RESET_MAX_SENDS, seconds: MAIL_SEND_WINDOW_MINUTES * 60, tooMany: tooManyRequests },
  /** Code guesses per e-mail a day, over all its codes (each code also dies after OTP_MAX_FAILED_ATTEMPTS). */
  codeGuessesPerDay: {
    name: 'code-guess-email',
    points: 20,
    seconds: 24 * 60 * 60,
    tooMany: (wait) => `Too many verification attempts today. Please try again in ${Math.max(1, Math.ceil(wait / 3600))} hours.`,
  },
} as const satisfies Record<string, Limit>

export const MINIMUM_AGE_YEARS = 13

export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const
