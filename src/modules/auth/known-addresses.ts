import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import './tables.ts'

/** Addresses an account has logged in from (keyed hashes, `tokens.ts` `addressKey`): the device-trust exception to the lockout. */

export const isKnownAddress = Effect.fn('KnownAddresses.isKnown')(function* (userId: string, addressHash: string) {
  const row = yield* query((db) =>
    db.selectFrom('login_known_addresses').select('user_id').where('user_id', '=', userId).where('address_hash', '=', addressHash).executeTakeFirst(),
  )
  return row !== undefined
})

export const rememberAddress = Effect.fn('KnownAddresses.remember')(function* (userId: string, addressHash: string, at: Date) {
  yield* query((db) =>
    db
      .insertInto('login_known_addresses')
      .values({ user_id: userId, address_hash: addressHash, last_login_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'address_hash']).doUpdateSet({ last_login_at: at }))
      .execute(),
  )
})
