import { Effect } from 'effect'
import type { EventMetadata } from '../../events/types.ts'
import type { Db } from '../../platform/database.ts'
import { httpError } from '../../platform/http.ts'
import { AccountEvent, normalizeEmail, parseRole, ROLES } from './domain.ts'
import { decideAndAppend } from './events.ts'
import { findUserByEmail } from './store.ts'

/** Gives the account with this e-mail a role (`npm run cli -- users:role <email> <role>`). */
export const setRole = (db: Db, email: string, roleName: string, metadata: EventMetadata) =>
  Effect.gen(function* () {
    const role = parseRole(roleName)
    if (!role) return yield* Effect.fail(httpError(400, `Unknown role "${roleName}". Roles: ${ROLES.join(', ')}`))
    const user = yield* Effect.promise(() => findUserByEmail(db, normalizeEmail(email)))
    if (!user) return yield* Effect.fail(httpError(404, `No account with the email ${email}`))
    yield* decideAndAppend(
      db,
      user.id,
      (account) => (account.role === role ? [] : [{ type: AccountEvent.RoleChanged, data: { userId: user.id, role, previousRole: account.role } }]),
      metadata,
    )
    return { userId: user.id, role }
  })
