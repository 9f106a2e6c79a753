import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import { minutesAfter } from '../../platform/time.ts'
import './tables.ts'

/** Failed logins per key (`account:<email>`, `address:<ip>`), for throttling. */

export const countLoginFailures = Effect.fn('LoginFailures.count')(function* (key: string, now: Date, windowMinutes: number) {
  const row = yield* query((db) =>
    db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('failures'))
      .where('key', '=', key)
      .where('failed_at', '>', minutesAfter(now, -windowMinutes))
      .executeTakeFirstOrThrow(),
  )
  return Number(row.failures)
})

export const recordLoginFailure = Effect.fn('LoginFailures.record')(function* (keys: readonly string[], now: Date) {
  yield* query((db) =>
    db
      .insertInto('login_failures')
      .values(keys.map((key) => ({ key, failed_at: now })))
      .execute(),
  )
})

export const clearLoginFailures = Effect.fn('LoginFailures.clear')(function* (key: string) {
  yield* query((db) => db.deleteFrom('login_failures').where('key', '=', key).execute())
})
