import { Effect } from 'effect'
import { NoSuchAccount } from './errors.ts'
import { publicIdentityOf } from './public-identities.ts'
import { accountView, findUserById } from './users.ts'

/** GET /api/users/me: the account profile of spec §3. */
export const accountProfile = Effect.fn('Auth.accountProfile')(function* (userId: string) {
  const [user, account, identity] = yield* Effect.all([findUserById(userId), accountView(userId), publicIdentityOf(userId)], { concurrency: 3 })
  if (!user || !account) return yield* new NoSuchAccount()
  return {
    id: user.id,
    user_id: user.id,
    name: user.name,
    email: user.email,
    gender: user.gender,
    dob: user.dob,
    phone: user.phone,
    profile_picture: user.profile_picture ?? identity.profile_picture,
    username: identity.username,
    role: account.role,
  }
})
