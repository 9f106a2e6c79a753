import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { NotFound } from '../../platform/errors.ts'
import { accountDecider, userStream } from './domain.ts'
import { InvalidDetails } from './errors.ts'
import { normalizeEmail, parseRole, ROLES } from './rules.ts'
import { findUserByEmail } from './users.ts'

/** Gives the account with this e-mail a role (`npm run cli -- users:role <email> <role>`). */
export const setRole = Effect.fn('Roles.setRole')(function* (email: string, roleName: string, actorId: string) {
  const role = parseRole(roleName)
  if (!role) return yield* new InvalidDetails({ message: `Unknown role "${roleName}". Roles: ${ROLES.join(', ')}` })
  const user = yield* findUserByEmail(normalizeEmail(email))
  if (!user) return yield* new NotFound({ message: `No account with the email ${email}` })
  yield* handleCommand(accountDecider, userStream(user.id), { type: 'ChangeRole', userId: user.id, role }, { actorId })
  return { userId: user.id, role }
})
