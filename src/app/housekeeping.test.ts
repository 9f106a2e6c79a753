import { describe, expect, it } from 'vitest'
import { authHarness } from '../modules/auth/test-support.ts'
import { purgeExpired } from './housekeeping.ts'

const h = await authHarness()
const HOUR = 3_600_000

describe('the scheduled purge', () => {
  it('deletes expired sign-ups, reset links, refresh tokens and rate-limit rows, and keeps live ones', async () => {
    const session = await h.loggedIn('keeper@example.com')
    const at = h.clock.now().getTime()
    const ago = (ms: number) => new Date(at - ms)
    const pending = (id: string, createdAt: Date) => ({
      id,
      email: `${id.slice(0, 4)}@example.com`,
      name: 'P',
      gender: 'other',
      dob: '1990-01-01',
      phone: null,
      password_hash: 'x',
      code_hash: 'y',
      code_expires_at: createdAt,
      created_at: createdAt,
    })
    await h.db
      .insertInto('pending_signups')
      .values([pending('00000000-0000-4000-8000-000000000001', ago(25 * HOUR)), pending('00000000-0000-4000-8000-000000000002', ago(HOUR))])
      .execute()
    await h.db
      .insertInto('password_reset_tokens')
      .values([
        { token_hash: 'expired', user_id: session.userId, expires_at: ago(1), used_at: null },
        { token_hash: 'live', user_id: session.userId, expires_at: ago(-HOUR), used_at: null },
      ])
      .execute()
    const token = (hash: string, familyExpiresAt: Date, revokedAt: Date | null) => ({
      token_hash: hash,
      user_id: session.userId,
      family_id: '00000000-0000-4000-8000-0000000000aa',
      remember: true,
      family_expires_at: familyExpiresAt,
      created_at: ago(2 * 24 * HOUR),
      revoked_at: revokedAt,
    })
    await h.db
      .insertInto('refresh_tokens')
      .values([token('dead-family', ago(1), null), token('revoked-long-ago', ago(-HOUR), ago(25 * HOUR)), token('revoked-just-now', ago(-HOUR), ago(HOUR))])
      .execute()
    await h.db
      .insertInto('rate_limits')
      .values([
        { key: 'old', points: 3, expire: Date.now() - 1000 },
        { key: 'current', points: 3, expire: Date.now() + 60_000 },
      ])
      .execute()

    await h.db
      .insertInto('login_known_addresses')
      .values([
        { user_id: session.userId, address_hash: 'stale', last_login_at: ago(91 * 24 * HOUR) },
        { user_id: session.userId, address_hash: 'recent', last_login_at: ago(24 * HOUR) },
      ])
      .execute()

    expect(await h.run(purgeExpired())).toEqual({ knownAddresses: 1, pendingSignups: 1, resetTokens: 1, refreshTokens: 2, rateLimits: 1 })
    expect((await h.db.selectFrom('login_known_addresses').select('address_hash').execute()).map((row) => row.address_hash)).toContain('recent')
    expect((await h.db.selectFrom('login_known_addresses').select('address_hash').execute()).map((row) => row.address_hash)).not.toContain('stale')
    expect((await h.db.selectFrom('pending_signups').select('id').execute()).map((row) => row.id)).toEqual(['00000000-0000-4000-8000-000000000002'])
    expect((await h.db.selectFrom('password_reset_tokens').select('token_hash').execute()).map((row) => row.token_hash)).toEqual(['live'])
    const refresh = (await h.db.selectFrom('refresh_tokens').select('token_hash').execute()).map((row) => row.token_hash)
    expect(refresh).toContain('revoked-just-now')
    expect(refresh).not.toContain('dead-family')
    expect(refresh).not.toContain('revoked-long-ago')
    const limits = (await h.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key)
    expect(limits).toContain('current')
    expect(limits).not.toContain('old')
  })

  it('runs in one process at a time: while another holds the lock, it skips', async () => {
    const other = await h.database.pool.connect()
    try {
      await other.query('BEGIN')
      await other.query(`SELECT pg_advisory_xact_lock(${0x72_6f_61_6d_70}::bigint)`)
      expect(await h.run(purgeExpired())).toBeUndefined()
      await other.query('COMMIT')
      expect(await h.run(purgeExpired())).toMatchObject({ rateLimits: expect.any(Number) })
    } finally {
      other.release()
    }
  })
})
