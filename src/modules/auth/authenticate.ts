import { Effect } from 'effect'
import { Config } from '../../platform/config.ts'
import { now } from '../../platform/time.ts'
import { AccountBlocked, AuthenticationRequired, PermissionDenied, SessionExpired } from './errors.ts'
import { hasRole, type Role } from './rules.ts'
import { readAccessToken } from './tokens.ts'
import { sessionAccountView } from './users.ts'

export interface Caller {
  readonly userId: string
  /** The account's current role (not the one frozen in the token). */
  readonly role: Role
}

/**
 * Checks the Bearer token of a request: 401 when it is missing, expired, tampered with, of another
 * type, issued before the password last changed, of a session that has ended (logout, a reused refresh
 * token, a password change or reset), or for an account that no longer exists; 403 at once
 * when the account is blocked.
 */
export const authenticate = Effect.fn('Auth.authenticate')(function* (request: Request) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
  if (!match) return yield* new AuthenticationRequired()
  const { authSecret } = yield* Config
  const at = yield* now
  const claims = yield* readAccessToken(match[1]!, authSecret, at)
  if (!claims) return yield* new SessionExpired()
  const account = yield* sessionAccountView(claims.userId, claims.sessionId)
  if (!account) return yield* new SessionExpired()
  // Blocking also ends the sessions: the user is told why rather than asked to log in again.
  if (account.blocked) return yield* new AccountBlocked()
  if (!account.sessionLive || account.passwordVersion !== claims.passwordVersion) return yield* new SessionExpired()
  return { userId: claims.userId, role: account.role } satisfies Caller
})

/** Like `authenticate`, and 403 unless the caller has one of the roles (compared case-insensitively). */
export const authorize = (request: Request, roles: readonly string[]) =>
  Effect.flatMap(authenticate(request), (caller) => (hasRole(caller.role, roles) ? Effect.succeed(caller) : Effect.fail(new PermissionDenied())))
