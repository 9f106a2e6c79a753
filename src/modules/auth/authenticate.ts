import { Effect } from 'effect'
import { httpError } from '../../platform/http.ts'
import { hasRole, type Role } from './domain.ts'
import { AuthEnv } from './env.ts'
import { BLOCKED, SESSION_EXPIRED } from './sessions.ts'
import { loadAccount } from './store.ts'
import { verifyAccessToken } from './tokens.ts'

export interface Caller {
  readonly userId: string
  /** The account's current role (not the one frozen in the token). */
  readonly role: Role
}

/**
 * Checks the Bearer token of a request: 401 when it is missing, expired, tampered with, of another
 * type or for an account that no longer exists; 403 at once when the account is blocked.
 */
export const authenticate = (authorization: string | null) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
    if (!match) return yield* Effect.fail(httpError(401, 'Authentication required'))
    const claims = yield* Effect.promise(() => verifyAccessToken(match[1]!, env.secret, env.now()))
    if (!claims) return yield* Effect.fail(httpError(401, SESSION_EXPIRED))
    const account = yield* Effect.promise(() => loadAccount(env.db, claims.userId))
    if (!account) return yield* Effect.fail(httpError(401, SESSION_EXPIRED))
    if (account.blocked) return yield* Effect.fail(httpError(403, BLOCKED))
    return { userId: claims.userId, role: account.role } satisfies Caller
  })

/** Like `authenticate`, and 403 unless the caller has one of the roles (compared case-insensitively). */
export const authorize = (authorization: string | null, roles: readonly string[]) =>
  Effect.flatMap(authenticate(authorization), (caller) =>
    hasRole(caller.role, roles) ? Effect.succeed(caller) : Effect.fail(httpError(403, 'You do not have permission to do this.')),
  )
