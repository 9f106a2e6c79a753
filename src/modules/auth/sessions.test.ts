import { SignJWT } from 'jose'
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { Config } from '../../platform/config.ts'
import { handleCommand } from '../../events/decider.ts'
import { accountDecider, userStream } from './domain.ts'
import { handleLogin, handleLogout, handleMe, handleRefresh } from './http.ts'
import { authHarness, cookieOf } from './test-support.ts'

let h: Awaited<ReturnType<typeof authHarness>>
beforeAll(async () => {
  h = await authHarness()
})

const sameOrigin = { origin: 'http://roam.test' }
const refresh = (cookie: string | undefined, headers: Record<string, string> = sameOrigin) =>
  h.call(handleRefresh, '/api/auth/refresh', { ...(cookie ? { cookie } : {}), headers })

describe('login', () => {
  it('returns the user and a 15-minute access token, and sets a strict HttpOnly refresh cookie', async () => {
    const { email, password } = await h.verifiedAccount('login@example.com')
    const answer = await h.call(handleLogin, '/auth/login', { body: { email: 'LOGIN@example.com ', password, rememberMe: false } })
    expect(answer.status).toBe(200)
    expect(answer.body.user).toMatchObject({ name: 'Ana Traveller', email, role: 'user' })
    expect(answer.body.user.id).toBe(answer.body.user.user_id)
    const payload = JSON.parse(Buffer.from(answer.body.accessToken.split('.')[1], 'base64url').toString())
    expect(payload).toMatchObject({ sub: answer.body.user.id, role: 'user', typ: 'access', aud: 'roam' })
    expect(payload.exp - payload.iat).toBe(15 * 60)
    expect(answer.headers.getSetCookie().find((cookie) => cookie.startsWith('roam_refresh='))).toMatch(
      /^roam_refresh=[\w-]{43}; Path=\/api; HttpOnly; SameSite=Strict$/,
    )
  })

  it('keeps a "remember me" session for 30 days, and marks the cookie Secure over https', async () => {
    const secure = await authHarness({ publicBaseUrl: 'https://roam.example' })
    const { email, password } = await secure.verifiedAccount('remember@example.com')
    const answer = await secure.call(handleLogin, '/auth/login', { body: { email, password, rememberMe: true } })
    expect(answer.setCookie).toContain(`Max-Age=${30 * 86400}`)
    expect(answer.setCookie).toContain('Secure')
  })

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    await h.verifiedAccount('known@example.com')
    const wrong = await h.call(handleLogin, '/auth/login', {
      body: { email: 'known@example.com', password: 'Not-the-password-1' },
      clientAddress: '198.51.100.1',
    })
    const unknown = await h.call(handleLogin, '/auth/login', {
      body: { email: 'unknown@example.com', password: 'Not-the-password-1' },
      clientAddress: '198.51.100.2',
    })
    expect(wrong).toEqual(unknown)
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password.' } })
  })

  it('throttles an account after 5 failures in 15 minutes, even with the right password', async () => {
    const { email, password } = await h.verifiedAccount('target@example.com')
    for (let i = 0; i < 5; i++) {
      await h.call(handleLogin, '/auth/login', { body: { email, password: `Wrong-guess-${i}x` }, clientAddress: `192.0.2.${i}` })
    }
    const blocked = await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: '192.0.2.99' })
    expect(blocked.status).toBe(429)
    expect(blocked.body.error).toBe('Too many login attempts. Please try again in 15 minutes.')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    await h.db.deleteFrom('rate_limits').execute() // the window passes
    expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: '192.0.2.99' })).status).toBe(200)
  })

  it('lets the owner log in from an address they logged in from before while strangers have locked the account', async () => {
    const { email, password } = await h.verifiedAccount('device-trust@example.com')
    const home = '192.0.2.150'
    expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: home })).status).toBe(200)
    for (let i = 0; i < 5; i++) {
      await h.call(handleLogin, '/auth/login', { body: { email, password: `Stranger-guess-${i}x` }, clientAddress: `198.51.100.${150 + i}` })
    }
    expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: '198.51.100.199' })).status).toBe(429)
    expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: home })).status).toBe(200)
    // The known address has an allowance of its own, not an unlimited one.
    for (let i = 0; i < 5; i++) await h.call(handleLogin, '/auth/login', { body: { email, password: `Home-guess-${i}x` }, clientAddress: home })
    expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: home })).status).toBe(429)
    const stored = await h.db.selectFrom('login_known_addresses').select('address_hash').execute()
    expect(stored.map((row) => row.address_hash)).not.toContain(home)
  })

  it('lets at most 5 of 40 parallel wrong passwords for one account reach the password check', async () => {
    const { email } = await h.verifiedAccount('burst@example.com')
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        h.call(handleLogin, '/auth/login', { body: { email, password: `Parallel-guess-${i}` }, clientAddress: `192.0.2.${100 + i}` }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35)
    expect(answers.filter((answer) => answer.status === 429).every((answer) => Number(answer.headers.get('retry-after')) > 0)).toBe(true)
  })

  it('gives the points of a successful login back, so a user who logs in often is never throttled', async () => {
    const { email, password } = await h.verifiedAccount('frequent@example.com')
    for (let i = 0; i < 8; i++) {
      expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: '192.0.2.200' })).status).toBe(200)
    }
  })

  it('throttles an address after 20 failures across accounts', async () => {
    const { email, password } = await h.verifiedAccount('bystander@example.com')
    for (let i = 0; i < 20; i++) {
      await h.call(handleLogin, '/auth/login', { body: { email: `spray-${i}@example.com`, password: 'Guess-password-1' }, clientAddress: '233.252.0.1' })
    }
    expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: '233.252.0.1' })).status).toBe(429)
    expect((await h.call(handleLogin, '/auth/login', { body: { email, password }, clientAddress: '233.252.0.2' })).status).toBe(200)
  })

  it('answers a 10 kB password with the usual 401, without hashing it', async () => {
    const answer = await h.call(handleLogin, '/auth/login', {
      body: { email: 'known@example.com', password: 'p'.repeat(10_240) },
      clientAddress: '198.51.100.3',
    })
    expect(answer).toMatchObject({ status: 401, body: { error: 'Invalid email or password.' } })
  })
})

describe('refresh tokens', () => {
  it('rotate on every use: the new cookie works, the old one no longer does', async () => {
    const session = await h.loggedIn('rotate@example.com')
    const first = await refresh(session.cookie)
    expect(first.status).toBe(200)
    expect(first.body.accessToken).toEqual(expect.any(String))
    const next = cookieOf(first)
    expect(next).not.toBe(session.cookie)
    h.clock.advance(10_000)
    expect((await refresh(next)).status).toBe(200)
  })

  it('revoke the whole chain when a rotated token comes back after the grace period', async () => {
    const session = await h.loggedIn('stolen@example.com')
    const rotated = cookieOf(await refresh(session.cookie))
    h.clock.advance(30_000)
    expect((await refresh(session.cookie)).status).toBe(401)
    expect((await refresh(rotated)).status).toBe(401)
  })

  it('let a parallel tab that sent the old token seconds later through, without forking the chain', async () => {
    const session = await h.loggedIn('tabs@example.com')
    const rotated = cookieOf(await refresh(session.cookie))
    h.clock.advance(2000)
    const parallel = await refresh(session.cookie)
    expect(parallel.status).toBe(200)
    expect(parallel.setCookie).toBeNull()
    expect((await refresh(rotated)).status).toBe(200)
  })

  it('refuse cross-site requests on refresh and logout', async () => {
    const session = await h.loggedIn('csrf@example.com')
    expect((await refresh(session.cookie, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await refresh(session.cookie, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    const logout = await h.call(handleLogout, '/api/auth/logout', { cookie: session.cookie, headers: { origin: 'https://evil.example' } })
    expect(logout.status).toBe(403)
    expect((await refresh(session.cookie)).status).toBe(200)
  })

  it('end at logout, which clears the cookie', async () => {
    const session = await h.loggedIn('logout@example.com')
    const answer = await h.call(handleLogout, '/api/auth/logout', { cookie: session.cookie, headers: sameOrigin })
    expect(answer.status).toBe(204)
    expect(answer.setCookie).toMatch(/^roam_refresh=; Path=\/api; HttpOnly; SameSite=Strict; Max-Age=0/)
    expect((await refresh(session.cookie)).status).toBe(401)
    expect((await refresh(undefined)).status).toBe(401)
  })

  it('end the access tokens of the logged-out session at once, and only those', async () => {
    const session = await h.loggedIn('token-logout@example.com')
    const other = await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: session.password } })
    const refreshed = await refresh(session.cookie)
    expect((await h.call(handleMe, '/api/users/me', { token: session.accessToken })).status).toBe(200)
    expect((await h.call(handleLogout, '/api/auth/logout', { cookie: cookieOf(refreshed), headers: sameOrigin })).status).toBe(204)
    expect(await h.call(handleMe, '/api/users/me', { token: session.accessToken })).toMatchObject({ status: 401 })
    expect(await h.call(handleMe, '/api/users/me', { token: refreshed.body.accessToken })).toMatchObject({ status: 401 })
    expect((await h.call(handleMe, '/api/users/me', { token: other.body.accessToken })).status).toBe(200)
  })

  it('end the access tokens of a chain revoked for reuse', async () => {
    const session = await h.loggedIn('token-reuse@example.com')
    await refresh(session.cookie)
    h.clock.advance(30_000)
    expect((await refresh(session.cookie)).status).toBe(401)
    expect((await h.call(handleMe, '/api/users/me', { token: session.accessToken })).status).toBe(401)
  })

  it('of a non-remembered login stop working after 24 hours', async () => {
    const session = await h.loggedIn('session-only@example.com')
    h.clock.advance(24 * 3_600_000 + 1000)
    expect((await refresh(session.cookie)).status).toBe(401)
  })
})

describe('Bearer endpoints', () => {
  it('answer a valid token and reject missing, expired, tampered and wrong-type tokens with 401', async () => {
    const session = await h.loggedIn('bearer@example.com')
    const me = await h.call(handleMe, '/api/users/me', { token: session.accessToken })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      email: 'bearer@example.com',
      name: 'Ana Traveller',
      gender: 'female',
      dob: '1990-04-12',
      phone: '+44 20 7946 0958',
      role: 'user',
      profile_picture: null,
    })

    expect((await h.call(handleMe, '/api/users/me')).status).toBe(401)
    const [header, payload, signature] = session.accessToken.split('.')
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    forged.role = 'admin'
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`
    expect((await h.call(handleMe, '/api/users/me', { token: tampered })).status).toBe(401)

    const key = createHash('sha256')
      .update(`roam:access-token:${h.runtime.runSync(Config).authSecret}`)
      .digest()
    const now = Math.floor(h.clock.now().getTime() / 1000)
    const refreshTyped = await new SignJWT({ role: 'user', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.userId)
      .setAudience('roam')
      .setIssuer('roam')
      .setExpirationTime(now + 600)
      .sign(key)
    expect((await h.call(handleMe, '/api/users/me', { token: refreshTyped })).status).toBe(401)
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`
    expect((await h.call(handleMe, '/api/users/me', { token: unsigned })).status).toBe(401)

    h.clock.advance(15 * 60_000 + 1000)
    expect((await h.call(handleMe, '/api/users/me', { token: session.accessToken })).status).toBe(401)
  })

  it('stop answering a blocked user at once, and a blocked user cannot log in or refresh', async () => {
    const session = await h.loggedIn('blocked@example.com')
    await h.run(
      handleCommand(accountDecider, userStream(session.userId), {
        type: 'Block',
        userId: session.userId,
        by: { adminId: '00000000-0000-4000-8000-000000000001', role: 'admin' },
      }),
    )
    const blocked = { status: 403, body: { error: 'Your account has been blocked.' } }
    expect(await h.call(handleMe, '/api/users/me', { token: session.accessToken })).toMatchObject(blocked)
    expect(await refresh(session.cookie)).toMatchObject(blocked)
    expect(await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: session.password } })).toMatchObject(blocked)
  })
})

describe('activity', () => {
  it('records a user as active at most once a day, from logins and refreshes', async () => {
    const session = await h.loggedIn('active@example.com')
    await refresh(session.cookie)
    await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: session.password } })
    const activity = () =>
      h.db.selectFrom('events').select(['type', 'data']).where('stream_id', '=', `user-${session.userId}`).where('type', '=', 'UserActiveOnDay').execute()
    expect(await activity()).toHaveLength(1)
    h.clock.advance(24 * 3_600_000)
    await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: session.password } })
    const days = (await activity()).map((event) => (event.data as { day: string }).day)
    expect(days).toEqual(['2026-06-01', '2026-06-02'].map((day) => expect.stringMatching(day.slice(0, 8))))
    expect(new Set(days).size).toBe(2)
  })
})
