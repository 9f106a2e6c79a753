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

export const MINIMUM_AGE_YEARS = 13

export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const
