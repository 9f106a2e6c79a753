import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import { handleCommand } from '../../events/decider.ts'
import { Config } from '../../platform/config.ts'
import { transaction } from '../../platform/database.ts'
import { Log } from '../../platform/logging.ts'
import { dayOf, now } from '../../platform/time.ts'
import { RateLimits } from '../../platform/rate-limits.ts'
import { publicIdentityOf } from './public-identities.ts'
import { accountDecider, userStream, type AccountState } from './domain.ts'
import { EmailNotVerified, InvalidCredentials, InvalidDetails, SessionExpired } from './errors.ts'
import { latestPendingPasswordHash } from './pending-signups.ts'
import { verifyAgainstNothing, verifyPassword } from './passwords.ts'
import { LIMITS, PASSWORD_MAX_LENGTH, REFRESH_REMEMBER_DAYS, REFRESH_REUSE_GRACE_SECONDS, REFRESH_SESSION_HOURS } from './policy.ts'
import { insertRefreshToken, lockRefreshToken, findRefreshToken, markRotated, revokeFamily } from './refresh-tokens.ts'
import { normalizeEmail } from './rules.ts'
import { addressKey, issueAccessToken, randomToken } from './tokens.ts'
import { isKnownAddress, rememberAddress } from './known-addresses.ts'
import { findUserByEmail, findUserById } from './users.ts'

/** A refresh token to set as a cookie: `maxAgeSeconds` undefined means a browser-session cookie. */
export interface IssuedRefreshToken {
  readonly token: string
  readonly maxAgeSeconds: number | undefined
  /** Its family: the session that the access tokens issued with it belong to. */
  readonly sessionId: string
}

export interface SessionUser {
  readonly id: string
  readonly user_id: string
  readonly name: string
  readonly email: string
  readonly role: string
  readonly username: string | null
}

export interface Session {
  readonly user: SessionUser
  readonly accessToken: string
  readonly refresh?: IssuedRefreshToken
}

export const sessionUser = (user: { id: string; name: string; email: string }, role: string, username: string | null = null): SessionUser => ({
  id: user.id,
  user_id: user.id,
  name: user.name,
  email: user.email,
  role,
  username,
})

/** An access token of one session for the account as `state` leaves it (its role and password version). */
export const accessToken = Effect.fn('Sessions.accessToken')(function* (
  userId: string,
  state: Pick<AccountState, 'role' | 'passwordVersion'>,
  sessionId: string,
) {
  const { authSecret } = yield* Config
  const at = yield* now
  return yield* issueAccessToken({ userId, role: state.role, passwordVersion: state.passwordVersion, sessionId }, authSecret, at)
})

/** Starts a new refresh-token family (a login, or a password change that ended every other session). */
export const issueRefreshToken = Effect.fn('Sessions.issueRefreshToken')(function* (userId: string, remember: boolean) {
  const at = yield* now
  const token = randomToken()
  const sessionId = randomUUID()
  const lifetimeMs = remember ? REFRESH_REMEMBER_DAYS * 86_400_000 : REFRESH_SESSION_HOURS * 3_600_000
  yield* insertRefreshToken({ token, userId, familyId: sessionId, remember, familyExpiresAt: new Date(at.getTime() + lifetimeMs), now: at })
  return { token, maxAgeSeconds: remember ? Math.floor(lifetimeMs / 1000) : undefined, sessionId } satisfies IssuedRefreshToken
})

/**
 * POST /auth/login. Unknown e-mail and wrong password are indistinguishable, in answer and in time. Each
 * try takes a point from the account's and the address's allowance before the password is checked, so
 * parallel guesses cannot outrun the limit; a successful login gives them back. An address that has
 * logged in to the account before takes its points from an allowance of its own instead of the
 * account's, so a stranger's wrong passwords do not lock the owner out.
 */
export const login = Effect.fn('Sessions.login')(function* (
  input: { email?: string | undefined; password?: string | undefined; rememberMe?: boolean | undefined },
  clientAddress: string,
) {
  const at = yield* now
  const email = normalizeEmail(input.email ?? '')
  const password = input.password ?? ''
  if (email === '' || password === '') return yield* new InvalidDetails({ message: 'Email and password are required' })
  const limits = yield* RateLimits
  const { authSecret } = yield* Config
  const user = yield* findUserByEmail(email)
  const addressHash = addressKey(clientAddress, authSecret)
  // From an address that has logged in to this account before, tries count apart from the account's.
  const accountLimit = user && (yield* isKnownAddress(user.id, addressHash)) ? ([LIMITS.loginPerKnownAddress, `${email} ${addressHash}`] as const) : undefined
  yield* Effect.forEach(
    [[LIMITS.loginPerAddress, clientAddress], accountLimit ?? ([LIMITS.loginPerAccount, email] as const)] as const,
    ([limit, key]) => limits.consume(limit, key),
    { discard: true },
  )
  // Without an account, the address's latest sign-up: its maker learns that it awaits verification.
  const passwordHash = user?.password_hash ?? (yield* latestPendingPasswordHash(email))
  const plausible = password.length <= PASSWORD_MAX_LENGTH
  const matches = yield* passwordHash && plausible ? verifyPassword(passwordHash, password) : verifyAgainstNothing(plausible ? password : '')
  if (!matches) return yield* new InvalidCredentials()
  if (!user) return yield* new EmailNotVerified()
  const { state } = yield* handleCommand(accountDecider, userStream(user.id), { type: 'LogIn', userId: user.id, day: dayOf(at) }, { actorId: user.id }).pipe(
    Effect.catchTag('NoSuchAccount', () => Effect.fail(new InvalidCredentials())),
  )
  yield* Effect.all(
    [
      limits.reset(accountLimit?.[0] ?? LIMITS.loginPerAccount, accountLimit?.[1] ?? email),
      limits.reward(LIMITS.loginPerAddress, clientAddress),
      rememberAddress(user.id, addressHash, at),
    ],
    { discard: true },
  )
  const refresh = yield* issueRefreshToken(user.id, input.rememberMe === true)
  const { username } = yield* publicIdentityOf(user.id)
  return { user: sessionUser(user, state.role, username), accessToken: yield* accessToken(user.id, state, refresh.sessionId), refresh } satisfies Session
})

type Rotation =
  | { readonly kind: 'rotated'; readonly userId: string; readonly refresh: IssuedRefreshToken }
  | { readonly kind: 'parallel'; readonly userId: string; readonly sessionId: string }
  | { readonly kind: 'reused' }
  | { readonly kind: 'invalid' }

/** Swaps a refresh token for its successor; a token already swapped is a replay unless it is seconds old. */
const rotate = (presented: string, at: Date) =>
  transaction(
    Effect.gen(function* () {
      const row = yield* lockRefreshToken(presented)
      if (!row || row.revoked_at || row.family_expires_at.getTime() <= at.getTime()) return { kind: 'invalid' } satisfies Rotation
      if (row.rotated_at) {
        if (at.getTime() - row.rotated_at.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000)
          return { kind: 'parallel', userId: row.user_id, sessionId: row.family_id } satisfies Rotation
        yield* revokeFamily(row.family_id, at)
        return { kind: 'reused' } satisfies Rotation
      }
      yield* markRotated(row.token_hash, at)
      const token = randomToken()
      yield* insertRefreshToken({
        token,
        userId: row.user_id,
        familyId: row.family_id,
        remember: row.remember,
        familyExpiresAt: row.family_expires_at,
        now: at,
      })
      const maxAgeSeconds = row.remember ? Math.floor((row.family_expires_at.getTime() - at.getTime()) / 1000) : undefined
      return { kind: 'rotated', userId: row.user_id, refresh: { token, maxAgeSeconds, sessionId: row.family_id } } satisfies Rotation
    }),
  )

/** POST /api/auth/refresh: a new access token (and refresh token) for a valid refresh cookie. */
export const refreshSession = Effect.fn('Sessions.refresh')(function* (presented: string | undefined) {
  const at = yield* now
  if (!presented) return yield* new SessionExpired()
  const rotation: Rotation = yield* rotate(presented, at)
  if (rotation.kind === 'reused') (yield* Log).warn('refresh token reused after rotation: session family revoked')
  if (rotation.kind === 'reused' || rotation.kind === 'invalid') return yield* new SessionExpired()
  const user = yield* findUserById(rotation.userId)
  if (!user) return yield* new SessionExpired()
  const { state } = yield* handleCommand(
    accountDecider,
    userStream(user.id),
    { type: 'RecordActivity', userId: user.id, day: dayOf(at) },
    { actorId: user.id },
  ).pipe(Effect.catchTag('NoSuchAccount', () => Effect.fail(new SessionExpired())))
  return {
    user: sessionUser(user, state.role, (yield* publicIdentityOf(user.id)).username),
    accessToken: yield* accessToken(user.id, state, rotation.kind === 'rotated' ? rotation.refresh.sessionId : rotation.sessionId),
    ...(rotation.kind === 'rotated' ? { refresh: rotation.refresh } : {}),
  } satisfies Session
})

/** POST /api/auth/logout: ends the presented token's whole family, and with it the access tokens issued to it. */
export const logout = Effect.fn('Sessions.logout')(function* (presented: string | undefined) {
  if (!presented) return
  const row = yield* findRefreshToken(presented)
  if (row) yield* revokeFamily(row.family_id, yield* now)
})

/** Whether the browser's current session was a "remember me" login (kept for its replacement). */
export const isRememberedSession = Effect.fn('Sessions.isRemembered')(function* (presented: string | undefined) {
  if (!presented) return false
  return (yield* findRefreshToken(presented))?.remember ?? false
})
