import { Effect } from 'effect'
import { sql } from 'kysely'
import { query } from '../../platform/database.ts'
import type { UserDetails } from './users.ts'
import './tables.ts'

/** Sign-ups awaiting verification, each with its own details and code (never merged into one another). */

export interface PendingSignup extends UserDetails {
  readonly id: string
  readonly email: string
  readonly code_hash: string
  readonly code_expires_at: Date
  readonly failed_attempts: number
  readonly created_at: Date
}

export const insertPendingSignup = Effect.fn('PendingSignups.insert')(function* (signup: Omit<PendingSignup, 'failed_attempts'>) {
  yield* query((db) =>
    db
      .insertInto('pending_signups')
      .values({ ...signup, failed_attempts: 0 })
      .execute(),
  )
})

/** Every sign-up of an address, oldest first, locked until the transaction ends (guesses take turns). */
export const lockPendingSignups = Effect.fn('PendingSignups.lockByEmail')(function* (email: string) {
  return yield* query((db) =>
    db
      .selectFrom('pending_signups')
      .select(['id', 'email', 'name', 'gender', sql<string>`to_char(dob, 'YYYY-MM-DD')`.as('dob'), 'phone', 'password_hash', 'code_hash'])
      .select(['code_expires_at', 'failed_attempts', 'created_at'])
      .where('email', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute(),
  )
})

/** The password hash of the address's latest sign-up, to tell its maker at login that it awaits verification. */
export const latestPendingPasswordHash = Effect.fn('PendingSignups.latestPasswordHash')(function* (email: string) {
  const row = yield* query((db) =>
    db.selectFrom('pending_signups').select('password_hash').where('email', '=', email).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
  )
  return row?.password_hash
})

/** Gives a sign-up a fresh code (a resend), with a fresh allowance of tries. */
export const renewCode = Effect.fn('PendingSignups.renewCode')(function* (id: string, codeHash: string, expiresAt: Date) {
  yield* query((db) =>
    db.updateTable('pending_signups').set({ code_hash: codeHash, code_expires_at: expiresAt, failed_attempts: 0 }).where('id', '=', id).execute(),
  )
})

export const countWrongCode = Effect.fn('PendingSignups.countWrongCode')(function* (ids: readonly string[]) {
  if (ids.length === 0) return
  yield* query((db) =>
    db
      .updateTable('pending_signups')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', 'in', ids)
      .execute(),
  )
})

/** Once an address is verified, its other sign-ups are void. */
export const deletePendingSignups = Effect.fn('PendingSignups.deleteByEmail')(function* (email: string) {
  yield* query((db) => db.deleteFrom('pending_signups').where('email', '=', email).execute())
})
