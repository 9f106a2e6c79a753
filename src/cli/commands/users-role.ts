import { Cause, Exit } from 'effect'
import { setRole } from '../../modules/auth/roles.ts'
import { positional } from '../args.ts'
import type { Command } from '../context.ts'

export const usersRole: Command = {
  name: 'users:role',
  usage: 'users:role <email> <role>     give an account the role user, admin or super-admin',
  run: async ({ runtime, args, out }) => {
    const [email, role] = positional(args)
    if (!email || !role) {
      out('Usage: npm run cli -- users:role <email> <role>')
      return 1
    }
    const exit = await runtime.runPromiseExit(setRole(email, role, 'cli'))
    if (Exit.isFailure(exit)) {
      const failure = exit.cause.reasons.find(Cause.isFailReason)?.error
      out(failure instanceof Error ? failure.message : 'Could not change the role')
      return 1
    }
    out(`${email} now has the role ${exit.value.role}`)
  },
}
