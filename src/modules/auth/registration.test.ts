import { beforeAll, describe, expect, it } from 'vitest'
import { handleLogin, handleResendOtp, handleSignup, handleVerifyOtp } from './http.ts'
import { authHarness } from './test-support.ts'

let h: Awaited<ReturnType<typeof authHarness>>
beforeAll(async () => {
  h = await authHarness()
})

const userCount = async (email: string) =>
  Number(
    (
      await h.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('sign-up', () => {
  it('creates an unverified account, stores the password as argon2id with our parameters, and mails a 6-digit code', async () => {
    const answer = await h.call(handleSignup, '/auth/signup', { body: h.signupBody('Ana@Example.com') })
    expect(answer.status).toBe(201)
    const user = await h.db.selectFrom('users').selectAll().where('email', '=', 'ana@example.com').executeTakeFirstOrThrow()
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(user.phone).toBe('+44 20 7946 0958')
    const code = h.lastCode('ana@example.com')
    expect(code).toMatch(/^\d{6}$/)
    const stored = await h.db.selectFrom('email_otps').select('code_hash').where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(stored.code_hash).not.toContain(code)
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses an e-mail that already has a verified account', async () => {
    await h.verifiedAccount('taken@example.com')
    const again = await h.call(handleSignup, '/auth/signup', { body: h.signupBody('taken@example.com') })
    expect(again).toMatchObject({ status: 409, body: { error: 'An account with this email already exists.' } })
  })

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ name: '   ' }, 'Name is required'],
    [{ password: 'short', confirm_password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(10_000), confirm_password: 'x'.repeat(10_000) }, 'Password must be at most 128 characters'],
    [{ password: 'password123', confirm_password: 'password123' }, 'This password is too common. Please choose a less common password.'],
    [{ confirm_password: 'Something-else-1' }, 'Passwords do not match'],
    [{ gender: 'robot' }, 'Please select a gender'],
    [{ dob: '1990-02-30' }, 'Please enter a valid date of birth'],
    [{ dob: '2020-01-01' }, 'You must be at least 13 years old to sign up'],
    [{ phone_number: 'call me maybe' }, 'Please enter a valid phone number'],
  ])('rejects %o with "%s" and leaves no user row behind', async (overrides, message) => {
    const email = `bad-${Object.keys(overrides)[0]}@example.com`
    const answer = await h.call(handleSignup, '/auth/signup', { body: h.signupBody(email, overrides) })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: message, message })
    expect(await userCount(email)).toBe(0)
  })

  it('rejects missing fields, wrong types and broken JSON with a 400, never a 500', async () => {
    expect((await h.call(handleSignup, '/auth/signup', { body: {} })).status).toBe(400)
    expect((await h.call(handleSignup, '/auth/signup', { body: { ...h.signupBody('types@example.com'), dob: 19900412 } })).status).toBe(400)
    expect((await h.call(handleSignup, '/auth/signup', { rawBody: '{"name": ' })).status).toBe(400)
    expect(await userCount('types@example.com')).toBe(0)
  })

  it('keeps unicode, SQL and HTML in names as plain text', async () => {
    const name = `Zoë 周 <b>O'Brien</b>; DROP TABLE users; --`
    const answer = await h.call(handleSignup, '/auth/signup', { body: h.signupBody('odd-name@example.com', { name }) })
    expect(answer.status).toBe(201)
    const user = await h.db.selectFrom('users').select('name').where('email', '=', 'odd-name@example.com').executeTakeFirstOrThrow()
    expect(user.name).toBe(name)
    expect(h.mailer.lastTo('odd-name@example.com')!.html).toContain('&lt;b&gt;O&#39;Brien&lt;/b&gt;')
  })

  it('tells the user when the code could not be mailed, keeps the account, and lets them resend', async () => {
    h.mailer.failing = true
    const answer = await h.call(handleSignup, '/auth/signup', { body: h.signupBody('smtp-down@example.com') })
    h.mailer.failing = false
    expect(answer.status).toBe(503)
    expect(answer.body.error).toMatch(/couldn't send the verification code/)
    expect(await userCount('smtp-down@example.com')).toBe(1)
    expect((await h.call(handleResendOtp, '/auth/resend-otp', { body: { email: 'smtp-down@example.com' } })).status).toBe(200)
    const verified = await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'smtp-down@example.com', otp: h.lastCode('smtp-down@example.com') } })
    expect(verified.status).toBe(200)
  })
})

describe('e-mail verification', () => {
  it('verifies with the mailed code, once', async () => {
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody('verify@example.com') })
    const otp = h.lastCode('verify@example.com')
    expect((await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'verify@example.com', otp } })).status).toBe(200)
    const again = await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'verify@example.com', otp } })
    expect(again.status).toBe(409)
  })

  it('lets an unverified account not log in, and says why', async () => {
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody('unverified@example.com') })
    const answer = await h.call(handleLogin, '/auth/login', { body: { email: 'unverified@example.com', password: 'Blue-lagoon-1987' } })
    expect(answer).toMatchObject({ status: 403, body: { error: 'Please verify your email before logging in.' } })
  })

  it('expires a code after 10 minutes', async () => {
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody('slow@example.com') })
    const otp = h.lastCode('slow@example.com')
    h.clock.advance(10 * 60_000 + 1000)
    const answer = await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'slow@example.com', otp } })
    expect(answer).toMatchObject({ status: 400, body: { error: 'This code has expired. Please request a new one.' } })
  })

  it('kills a code after 5 wrong tries, even if the right one comes next', async () => {
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody('guesser@example.com') })
    const otp = h.lastCode('guesser@example.com')
    const wrong = otp === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'guesser@example.com', otp: wrong } }))
    expect(answers.slice(0, 4).map((a) => a.body.error)).toEqual(Array(4).fill('Invalid code. Please try again.'))
    expect(answers[4]!.body.error).toBe('Too many incorrect attempts. Please request a new code.')
    const right = await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'guesser@example.com', otp } })
    expect(right.status).toBe(400)
  })

  it('allows 3 resends in 15 minutes, then answers 429 until the window has passed', async () => {
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody('resender@example.com') })
    const resend = () => h.call(handleResendOtp, '/auth/resend-otp', { body: { email: 'resender@example.com' } })
    for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(200)
    const limited = await resend()
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatch(/^Too many codes requested\. Please try again in \d+ minutes?\.$/)
    h.clock.advance(15 * 60_000 + 1000)
    expect((await resend()).status).toBe(200)
    const otp = h.lastCode('resender@example.com')
    expect((await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'resender@example.com', otp } })).status).toBe(200)
  })

  it('asks for an e-mail before resending, and answers alike for unknown e-mails', async () => {
    expect(await h.call(handleResendOtp, '/auth/resend-otp', { body: { email: '' } })).toMatchObject({
      status: 400,
      body: { error: 'Please enter your email to resend OTP.' },
    })
    const unknown = await h.call(handleResendOtp, '/auth/resend-otp', { body: { email: 'nobody@example.com' } })
    expect(unknown.status).toBe(200)
    expect(h.mailer.lastTo('nobody@example.com')).toBeUndefined()
  })

  it('rejects codes that are not 6 digits', async () => {
    const answer = await h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email: 'verify@example.com', otp: '12ab' } })
    expect(answer).toMatchObject({ status: 400, body: { error: 'Please enter the 6-digit code from the email.' } })
  })
})
