import { Effect } from 'effect'
import { sql, type ExpressionBuilder } from 'kysely'
import { escapeLike, query, type Db } from '../../platform/database.ts'
import type { Role } from './rules.ts'
import './tables.ts'

/** The personal details of an account (never in events). */
export interface UserRow {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly gender: string
  readonly dob: string
  readonly phone: string | null
  readonly password_hash: string
  readonly profile_picture: string | null
}

export interface UserDetails {
  readonly name: string
  readonly gender: string
  readonly dob: string
  readonly phone: string | null
  readonly password_hash: string
}

const selectUser = (db: Db) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'gender', sql<string>`to_char(dob, 'YYYY-MM-DD')`.as('dob'), 'phone', 'password_hash', 'profile_picture'])

export const findUserByEmail = Effect.fn('Users.findByEmail')(function* (email: string) {
  return yield* query((db) => selectUser(db).where('email', '=', email).executeTakeFirst())
})

export const findUserById = Effect.fn('Users.findById')(function* (id: string) {
  return yield* query((db) => selectUser(db).where('id', '=', id).executeTakeFirst())
})

/** Inserts a new user; false when the e-mail is taken (by a concurrent sign-up, say). */
export const insertUser = Effect.fn('Users.insert')(function* (id: string, email: string, details: UserDetails) {
  const inserted = yield* query((db) =>
    db
      .insertInto('users')
      .values({ id, email, ...details })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst(),
  )
  return inserted !== undefined
})

/** Locks the user's row until the transaction ends: serialises sign-ups, code sends and resets of one account. */
export const lockUser = Effect.fn('Users.lock')(function* (id: string) {
  yield* query((db) => db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute())
})

/** Deletes a user's personal details; codes, reset and refresh tokens go with them (foreign keys). */
export const deleteUserRow = Effect.fn('Users.delete')(function* (id: string) {
  yield* query((db) => db.deleteFrom('users').where('id', '=', id).execute())
})

/** The e-mail address of each of these users that still exists (admin lists and audit lines). */
export const emailsOf = Effect.fn('Users.emailsOf')(function* (ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>()
  const rows = yield* query((db) =>
    db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [...new Set(ids)])
      .execute(),
  )
  return new Map(rows.map((row) => [row.id, row.email]))
})

/**
 * The ids of users whose e-mail contains `fragment` (case-insensitive), as a subquery another module's
 * query can filter on (`where('user_id', 'in', usersWithEmailContaining(db, text))`). E-mails are stored
 * lower-case; a trigram index serves the match when pg_trgm is installed.
 */
export const usersWithEmailContaining = (db: Db, fragment: string) =>
  db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%${escapeLike(fragment.trim().toLowerCase())}%`)

/**
 * The accounts whose e-mail contains `fragment` (case-insensitive) or whose id is one of `alsoIds`
 * (matches found elsewhere, e.g. by username), with their creation time: the admin user search.
 */
export const usersMatching = (db: Db, fragment: string, alsoIds: readonly string[]) =>
  db
    .selectFrom('users')
    .select(['users.id', 'users.created_at'])
    .where((eb) => {
      const email = eb('users.email', 'like', `%${escapeLike(fragment.trim().toLowerCase())}%`)
      return alsoIds.length === 0 ? email : eb.or([email, eb('users.id', '=', sql<string>`ANY(${alsoIds}::uuid[])`)])
    })

/**
 * Whether the e-mail of the user in `userIdColumn` contains `fragment`: a per-row test for another
 * module's query, written as the e-mail looked up by id so that PostgreSQL probes the key for each row
 * it reads (a few rows) instead of first collecting every matching user.
 */
export const emailContaining = (eb: ExpressionBuilder<any, any>, userIdColumn: string, fragment: string) =>
  eb(eb.selectFrom('users').select('users.email').whereRef('users.id', '=', userIdColumn), 'like', `%${escapeLike(fragment.trim().toLowerCase())}%`)

export const updateUserDetails = Effect.fn('Users.updateDetails')(function* (id: string, details: UserDetails) {
  yield* query((db) => db.updateTable('users').set(details).where('id', '=', id).execute())
})

export const setPasswordHash = Effect.fn('Users.setPasswordHash')(function* (id: string, passwordHash: string) {
  yield* query((db) => db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute())
})

/** What the accounts read model says of a user: enough to authorise a request without reading the stream. */
export interface AccountView {
  readonly role: Role
  readonly verified: boolean
  readonly blocked: boolean
  readonly passwordVersion: number
}

const selectAccount = (db: Db, userId: string) =>
  db
    .selectFrom('accounts')
    .select(['role', 'blocked', 'password_version', sql<boolean>`verified_at IS NOT NULL`.as('verified')])
    .where('user_id', '=', userId)

const toView = (row: { role: string; verified: boolean; blocked: boolean; password_version: number }): AccountView => ({
  role: row.role as Role,
  verified: row.verified,
  blocked: row.blocked,
  passwordVersion: row.password_version,
})

export const accountView = Effect.fn('Users.accountView')(function* (userId: string) {
  const row = yield* query((db) => selectAccount(db, userId).executeTakeFirst())
  return row ? toView(row) : undefined
})

/**
 * The account behind an access token, and whether the token's session is still live (a refresh-token row
 * of its family not revoked): one round trip per authenticated request.
 */
export const sessionAccountView = Effect.fn('Users.sessionAccountView')(function* (userId: string, sessionId: string) {
  const row = yield* query((db) =>
    selectAccount(db, userId)
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('refresh_tokens')
              .select(sql`1`.as('one'))
              .where('family_id', '=', sessionId)
              .where('refresh_tokens.user_id', '=', userId)
              .where('revoked_at', 'is', null),
          )
          .as('session_live'),
      )
      .executeTakeFirst(),
  )
  return row ? { ...toView(row), sessionLive: row.session_live } : undefined
})
