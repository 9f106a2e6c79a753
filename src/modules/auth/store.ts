import { sql } from 'kysely'
import type { Db } from '../../platform/database.ts'
import type { AccountState, Role } from './domain.ts'
import './tables.ts'

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000)

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

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'gender', sql<string>`to_char(dob, 'YYYY-MM-DD')`.as('dob'), 'phone', 'password_hash', 'profile_picture'])
    .where('email', '=', email)
    .executeTakeFirst()
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'gender', sql<string>`to_char(dob, 'YYYY-MM-DD')`.as('dob'), 'phone', 'password_hash', 'profile_picture'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export interface Account extends AccountState {
  readonly userId: string
  /** The user stream's version, for appending with an expected version. */
  readonly version: number
}

export async function loadAccount(db: Db, userId: string): Promise<Account | undefined> {
  const { rows } = await sql<{ role: string; verified: boolean; blocked: boolean; last_active_day: string | null; version: number }>`
    SELECT a.role, a.verified_at IS NOT NULL AS verified, a.blocked,
           to_char(a.last_active_day, 'YYYY-MM-DD') AS last_active_day, s.version
    FROM accounts a JOIN event_streams s ON s.stream_id = 'user-' || a.user_id
    WHERE a.user_id = ${userId}`.execute(db)
  const row = rows[0]
  if (!row) return undefined
  return { userId, role: row.role as Role, verified: row.verified, blocked: row.blocked, lastActiveDay: row.last_active_day, version: row.version }
}

export async function countRecentMails(db: Db, userId: string, purpose: 'otp' | 'reset', now: Date, windowMinutes: number) {
  const row = await db
    .selectFrom('auth_mail_sends')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('sent_at', '>', minutesBefore(now, windowMinutes))
    .executeTakeFirstOrThrow()
  return Number(row.sent)
}

/** When the oldest send inside the window leaves it, i.e. when another mail may go out. */
export async function nextMailAllowedAt(db: Db, userId: string, purpose: 'otp' | 'reset', now: Date, windowMinutes: number): Promise<Date> {
  const row = await db
    .selectFrom('auth_mail_sends')
    .select((eb) => eb.fn.min('sent_at').as('oldest'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('sent_at', '>', minutesBefore(now, windowMinutes))
    .executeTakeFirst()
  const oldest = row?.oldest ? new Date(row.oldest as Date) : now
  return new Date(oldest.getTime() + windowMinutes * 60_000)
}

export async function recordMailSent(db: Db, userId: string, purpose: 'otp' | 'reset', now: Date) {
  await db.insertInto('auth_mail_sends').values({ user_id: userId, purpose, sent_at: now }).execute()
}

export async function saveOtp(db: Db, userId: string, codeHash: string, expiresAt: Date) {
  await db
    .insertInto('email_otps')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, failed_attempts: 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, failed_attempts: 0 }))
    .execute()
}

export async function countLoginFailures(db: Db, key: string, now: Date, windowMinutes: number): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('key', '=', key)
    .where('failed_at', '>', minutesBefore(now, windowMinutes))
    .executeTakeFirstOrThrow()
  return Number(row.failures)
}

export async function recordLoginFailure(db: Db, keys: readonly string[], now: Date) {
  await db.insertInto('login_failures').values(keys.map((key) => ({ key, failed_at: now }))).execute()
}

export async function clearLoginFailures(db: Db, key: string) {
  await db.deleteFrom('login_failures').where('key', '=', key).execute()
}

export async function revokeAllRefreshTokens(db: Db, userId: string, now: Date) {
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
}

export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute()
}
