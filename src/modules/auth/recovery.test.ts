import { beforeAll, describe, expect, it } from 'vitest'
import { handleChangePassword, handleForgotPassword, handleLogin, handleMe, handleRefresh, handleResetPassword } from './http.ts'
import { setRole } from './roles.ts'
import { authHarness, cookieOf } from './test-support.ts'

let h: Awaited<ReturnType<typeof authHarness>>
beforeAll(async () => {
  h = await authHarness()
})

const sameOrigin = { origin: 'http://roam.test' }
const forgot = (email: string) => h.call(handleForgotPassword, '/api/auth/forgot-password', { body: { email } })
const reset = (token: string, password: string) => h.call(handleResetPassword, '/api/auth/reset-password', { body: { token, password } })
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('password recovery', () => {
  it('answers the same for known and unknown e-mails, and mails a single-use link to known ones', async () => {
    await h.verifiedAccount('forgetful@example.com')
    const known = await forgot('forgetful@example.com')
    const unknown = await forgot('stranger@example.com')
    expect(known).toEqual(unknown)
    expect(known).toMatchObject({ status: 200, body: { message: 'If that email exists, a reset link has been sent.' } })
    await settle()
    expect(h.mailer.lastTo('stranger@example.com')).toBeUndefined()
    const mail = h.mailer.lastTo('forgetful@example.com')!
    expect(mail.text).toContain('http://roam.test/reset-password?token=')
    const token = h.lastResetToken('forgetful@example.com')
    expect(token).toMatch(/^[\w-]{43}$/)
    const stored = await h.db.selectFrom('password_reset_tokens').select('token_hash').execute()
    expect(stored.map((row) => row.token_hash)).not.toContain(token)
  })

  it('sets the new password, ends every session, and cannot be used twice', async () => {
    const session = await h.loggedIn('resetter@example.com')
    await forgot('resetter@example.com')
    await settle()
    const token = h.lastResetToken('resetter@example.com')
    expect(await reset(token, 'Fresh-start-2026')).toMatchObject({ status: 200, body: { message: 'Password reset successful.' } })
    expect((await h.call(handleRefresh, '/api/auth/refresh', { cookie: session.cookie, headers: sameOrigin })).status).toBe(401)
    expect((await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: session.password } })).status).toBe(401)
    expect((await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: 'Fresh-start-2026' } })).status).toBe(200)
    expect((await h.call(handleMe, '/api/users/me', { token: session.accessToken })).status).toBe(401)
    expect(await reset(token, 'Another-start-2027')).toMatchObject({ status: 400, body: { error: 'This reset link is invalid or has expired.' } })
  })

  it('refuses a link older than 30 minutes, a missing token and a weak password', async () => {
    await h.verifiedAccount('late@example.com')
    await forgot('late@example.com')
    await settle()
    const token = h.lastResetToken('late@example.com')
    expect((await reset(token, 'short')).body.error).toBe('Password must be at least 8 characters')
    expect((await reset('', 'Fresh-start-2026')).body.error).toBe('Invalid reset link')
    h.clock.advance(30 * 60_000 + 1000)
    expect((await reset(token, 'Fresh-start-2026')).status).toBe(400)
  })
})

describe('change password', () => {
  it('needs the current password, revokes every other session and keeps this browser signed in', async () => {
    const session = await h.loggedIn('changer@example.com')
    const otherBrowser = cookieOf(await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: session.password } }))
    const change = (body: object) => h.call(handleChangePassword, '/api/users/change-password', { token: session.accessToken, cookie: session.cookie, body })

    expect(await change({ currentPassword: 'Wrong-password-9', newPassword: 'Brand-new-pass-1' })).toMatchObject({
      status: 400,
      body: { error: 'Current password is incorrect' },
    })
    const done = await change({ currentPassword: session.password, newPassword: 'Brand-new-pass-1' })
    expect(done).toMatchObject({ status: 200, body: { message: 'Password updated successfully!', accessToken: expect.any(String) } })
    expect((await h.call(handleRefresh, '/api/auth/refresh', { cookie: otherBrowser, headers: sameOrigin })).status).toBe(401)
    expect((await h.call(handleRefresh, '/api/auth/refresh', { cookie: session.cookie, headers: sameOrigin })).status).toBe(401)
    expect((await h.call(handleRefresh, '/api/auth/refresh', { cookie: cookieOf(done), headers: sameOrigin })).status).toBe(200)
    expect((await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: 'Brand-new-pass-1' } })).status).toBe(200)
  })

  it('ends every access token issued before the change; the one it returns works', async () => {
    const session = await h.loggedIn('stale-token@example.com')
    const done = await h.call(handleChangePassword, '/api/users/change-password', {
      token: session.accessToken,
      cookie: session.cookie,
      body: { currentPassword: session.password, newPassword: 'Brand-new-pass-2' },
    })
    expect(done.status).toBe(200)
    expect(await h.call(handleMe, '/api/users/me', { token: session.accessToken })).toMatchObject({ status: 401 })
    expect((await h.call(handleMe, '/api/users/me', { token: done.body.accessToken })).status).toBe(200)
  })

  it('spends every reset link mailed before the change', async () => {
    const session = await h.loggedIn('changed-then-reset@example.com')
    await forgot(session.email)
    await settle()
    const token = h.lastResetToken(session.email)
    const done = await h.call(handleChangePassword, '/api/users/change-password', {
      token: session.accessToken,
      cookie: session.cookie,
      body: { currentPassword: session.password, newPassword: 'Brand-new-pass-4' },
    })
    expect(done.status).toBe(200)
    expect(await reset(token, 'Attacker-chosen-2026')).toMatchObject({ status: 400, body: { error: 'This reset link is invalid or has expired.' } })
    expect((await h.call(handleLogin, '/auth/login', { body: { email: session.email, password: 'Brand-new-pass-4' } })).status).toBe(200)
  })

  it('limits tries of the current password to 5 in 15 minutes, counted before the check', async () => {
    const session = await h.loggedIn('password-guesser@example.com')
    const change = (currentPassword: string) =>
      h.call(handleChangePassword, '/api/users/change-password', { token: session.accessToken, body: { currentPassword, newPassword: 'Brand-new-pass-3' } })
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`Wrong-password-${i}`)))
    expect(answers.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(5)
    const limited = answers.find((answer) => answer.status === 429)!
    expect(limited.body.error).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await change(session.password)).status).toBe(429)
  })

  it('requires a valid access token', async () => {
    const answer = await h.call(handleChangePassword, '/api/users/change-password', { body: { currentPassword: 'a', newPassword: 'b' } })
    expect(answer.status).toBe(401)
  })
})

describe('roles and events', () => {
  it('changes a role from the command line, effective on the next request', async () => {
    const session = await h.loggedIn('promoted@example.com')
    const result = await h.run(setRole('Promoted@example.com', 'Super-Admin', 'cli'))
    expect(result.role).toBe('super-admin')
    expect((await h.call(handleMe, '/api/users/me', { token: session.accessToken })).body.role).toBe('super-admin')
    const unknownRole = await h.runtime.runPromiseExit(setRole('promoted@example.com', 'emperor', 'cli'))
    expect(unknownRole._tag).toBe('Failure')
  })

  it('keeps personal data and secrets out of every event payload', async () => {
    const events = await h.db.selectFrom('events').select(['type', 'data', 'metadata']).execute()
    const types = new Set(events.map((event) => event.type))
    for (const type of [
      'UserRegistered',
      'UserEmailVerified',
      'UserLoggedIn',
      'UserActiveOnDay',
      'UserPasswordReset',
      'UserPasswordChanged',
      'UserRoleChanged',
    ]) {
      expect(types).toContain(type)
    }
    const text = JSON.stringify(events)
    expect(text).not.toMatch(/@example\.com|Ana Traveller|argon2|Blue-lagoon|1990-04-12|\+44/)
  })
})
