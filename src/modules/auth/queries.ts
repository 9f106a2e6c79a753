import { Effect } from 'effect'
import { httpError } from '../../platform/http.ts'
import { AuthEnv } from './env.ts'
import { findUserById, loadAccount } from './store.ts'

/** GET /api/users/me: the account profile of spec §3. */
export const accountProfile = (userId: string) =>
  Effect.gen(function* () {
    const env = yield* AuthEnv
    const [user, account] = yield* Effect.promise(() => Promise.all([findUserById(env.db, userId), loadAccount(env.db, userId)]))
    if (!user || !account) return yield* Effect.fail(httpError(404, 'Account not found'))
    return {
      id: user.id,
      user_id: user.id,
      name: user.name,
      email: user.email,
      gender: user.gender,
      dob: user.dob,
      phone: user.phone,
      profile_picture: user.profile_picture,
      username: null,
      role: account.role,
    }
  })
