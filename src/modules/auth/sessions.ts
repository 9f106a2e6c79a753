import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import type { EventMetadata } from '../../events/types.ts'
import type { Db } from '../../platform/database.ts'
import { httpError } from '../../platform/http.ts'
import { inTransaction } from '../../platform/transaction.ts'
import { activityEvents, normalizeEmail } from './domain.ts'
import { AuthEnv, type AuthEnvironment } from './env.ts'
import { decideAndAppend } from './events.ts'
import { verifyAgainstNothing, verifyPassword } from './passwords.ts'
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MINUTES,
  PASSWORD_MAX_LENGTH,
  REFRESH_REMEMBER_DAYS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_SESSION_HOURS,
} from './policy.ts'
import { clearLoginFailures, countLoginFailures, findUserByEmail, findUserById, loadAccount, recordLoginFailure, revokeFamily, type Account } from './store.ts'
import { randomToken, sha256, signAccessToken } from './tokens.ts'

export const INVALID_CREDENTIALS = 'Invalid email or password.'
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.'
export const BLOCKED = 'Your account has been blocked.'

/** A refresh token to set as a cookie: `maxAgeSeconds` undefined means a browser-session cookie. */
export interface IssuedRefreshToken {
  readonly token: string
  readonly maxAgeSeconds: number | undefined
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

const sessionUser = (user: { id: string; name: string; email: string }, role: string): SessionUser => ({
  id: user.id,
  user_id: user.id,
  name: user.name,
  email: user.email,
  role,
  username: null,
})

/** Starts a new refresh-token family (a login, or a password change that ended every other session). */
export async function issueRefreshToken(db: Db, userId: string, remember: boolean, now: Date): Promise<IssuedRefreshToken> {
  const token = randomToken()
  const lifetimeMs = remember ? REFRESH_REMEMBER_DAYS * 86_400_000 : REFRESH_SESSION_HOURS * 3_600_000
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      family_id: randomUUID(),
      remember,
      family_expires_at: new Date(now.getTime() + lifetimeMs),
      created_at: now,
    })
    .execute()
  return { token, maxAgeSeconds: remember ? Math.floor(lifetimeMs / 1000) : undefined }
}

/** Records the user as active today (and the login itself); losing a race to another request is fine. */
const recordActivity = (env: AuthEnvironment, userId: string, loggedIn: boolean, metadata: EventMetadata) =>
  decideAndAppend(env.db, userId, (account: Account) => activityEvents(account, env.now().toISOString().slice(0, 10), userId, loggedIn), metadata).pipe(
    Effect.catchTag('ConcurrencyConflict', () => Effect.succeed(true)),
  )

const tooManyAttempts = httpError(429, `Too many login attempts. Please try again in ${LOGIN_WINDOW_MINUTES} minutes.`)

/** POST /auth/login. Unknown e-mail and wrong password are indistinguishable, in answer and in time. */
export const login = (
  input: { email?: string | undefined; password?: string | undefined; rememberMe?: boolean | undefined },
  clientAddress: string,
  metadata: EventMetadata,
) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    const email = normalizeEmail(input.email ?? '')
    const password = input.password ?? ''
    if (email === '' || password === '') return yield* Effect.fail(httpError(400, 'Email and password are required'))
    const accountKey = `account:${email}`
    const addressKey = `address:${clientAddress}`
    const [accountFailures, addressFailures] = yield* Effect.promise(() =>
      Promise.all([countLoginFailures(env.db, accountKey, now, LOGIN_WINDOW_MINUTES), countLoginFailures(env.db, addressKey, now, LOGIN_WINDOW_MINUTES)]),
    )
    if (accountFailures >= LOGIN_MAX_FAILURES_PER_ACCOUNT || addressFailures >= LOGIN_MAX_FAILURES_PER_ADDRESS) {
      return yield* Effect.fail(tooManyAttempts)
    }
    const user = yield* Effect.promise(() => findUserByEmail(env.db, email))
    const plausible = password.length <= PASSWORD_MAX_LENGTH
    const matches = yield* Effect.promise(() =>
      user && plausible ? verifyPassword(user.password_hash, password) : verifyAgainstNothing(plausible ? password : ''),
    )
    if (!user || !matches) {
      yield* Effect.promise(() => recordLoginFailure(env.db, [accountKey, addressKey], now))
      return yield* Effect.fail(httpError(401, INVALID_CREDENTIALS))
    }
    const account = yield* Effect.promise(() => loadAccount(env.db, user.id))
    if (!account) return yield* Effect.fail(httpError(401, INVALID_CREDENTIALS))
    if (!account.verified) return yield* Effect.fail(httpError(403, 'Please verify your email before logging in.'))
    if (account.blocked) return yield* Effect.fail(httpError(403, BLOCKED))
    yield* Effect.promise(() => clearLoginFailures(env.db, accountKey))
    yield* recordActivity(env, user.id, true, { ...metadata, actorId: user.id })
    const refresh = yield* Effect.promise(() => issueRefreshToken(env.db, user.id, input.rememberMe === true, now))
    const accessToken = yield* Effect.promise(() => signAccessToken({ userId: user.id, role: account.role }, env.secret, now))
    return { user: sessionUser(user, account.role), accessToken, refresh } satisfies Session
  })

type Rotation =
  | { readonly kind: 'rotated'; readonly userId: string; readonly refresh: IssuedRefreshToken }
  | { readonly kind: 'parallel'; readonly userId: string }
  | { readonly kind: 'reused' }
  | { readonly kind: 'invalid' }

/** Swaps a refresh token for its successor; a token already swapped is a replay unless it is seconds old. */
async function rotate(trx: Db, presented: string, now: Date): Promise<Rotation> {
  const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(presented)).forUpdate().executeTakeFirst()
  if (!row || row.revoked_at || row.family_expires_at.getTime() <= now.getTime()) return { kind: 'invalid' }
  if (row.rotated_at) {
    if (now.getTime() - row.rotated_at.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000) return { kind: 'parallel', userId: row.user_id }
    await revokeFamily(trx, row.family_id, now)
    return { kind: 'reused' }
  }
  await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('token_hash', '=', row.token_hash).execute()
  const token = randomToken()
  await trx
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256(token),
      user_id: row.user_id,
      family_id: row.family_id,
      remember: row.remember,
      family_expires_at: row.family_expires_at,
      created_at: now,
    })
    .execute()
  const maxAgeSeconds = row.remember ? Math.floor((row.family_expires_at.getTime() - now.getTime()) / 1000) : undefined
  return { kind: 'rotated', userId: row.user_id, refresh: { token, maxAgeSeconds } }
}

/** POST /api/auth/refresh: a new access token (and refresh token) for a valid refresh cookie. */
export const refreshSession = (presented: string | undefined, metadata: EventMetadata) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const now = env.now()
    if (!presented) return yield* Effect.fail(httpError(401, SESSION_EXPIRED))
    const rotation = yield* inTransaction(env.db, (trx) => Effect.promise(() => rotate(trx, presented, now)))
    if (rotation.kind === 'reused') env.logger.warn('refresh token reused after rotation: session family revoked')
    if (rotation.kind === 'reused' || rotation.kind === 'invalid') return yield* Effect.fail(httpError(401, SESSION_EXPIRED))
    const [user, account] = yield* Effect.promise(() => Promise.all([findUserById(env.db, rotation.userId), loadAccount(env.db, rotation.userId)]))
    if (!user || !account) return yield* Effect.fail(httpError(401, SESSION_EXPIRED))
    if (account.blocked) return yield* Effect.fail(httpError(403, BLOCKED))
    yield* recordActivity(env, user.id, false, { ...metadata, actorId: user.id })
    const accessToken = yield* Effect.promise(() => signAccessToken({ userId: user.id, role: account.role }, env.secret, now))
    return {
      user: sessionUser(user, account.role),
      accessToken,
      ...(rotation.kind === 'rotated' ? { refresh: rotation.refresh } : {}),
    } satisfies Session
  })

/** POST /api/auth/logout: ends the presented token's whole family. */
export const logout = (presented: string | undefined) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    if (!presented) return
    yield* Effect.promise(async () => {
      const row = await env.db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', sha256(presented)).executeTakeFirst()
      if (row) await revokeFamily(env.db, row.family_id, env.now())
    })
  })

export { sessionUser }
