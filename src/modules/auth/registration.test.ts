import { beforeAll, describe, expect, it } from 'vitest'
import { handleLogin, handleResendOtp, handleSignup, handleVerifyOtp } from './http.ts'
import { authHarness } from './test-support.ts'

let h: Awaited<ReturnType<typeof authHarness>>
beforeAll(async () => {
  h = await authHarness()
})

const count = async (table: 'users' | 'pending_signups', email: string) =>
  Number(
    (
      await h.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  )
const userCount = (email: string) => count('users', email)
const verify = (email: string, otp: string) => h.call(handleVerifyOtp, '/auth/verify-otp', { body: { email, otp } })
const logIn = (email: string, password: string) => h.call(handleLogin, '/auth/login', { body: { email, password } })

describe('sign-up', () => {
  it('records the sign-up, stores the password as argon2id with our parameters, and mails a 6-digit code saying when it was made', async () => {
    const answer = await h.call(handleSignup, '/auth/signup', { body: h.signupBody('Ana@Example.com') })
    expect(answer.status).toBe(201)
    const pending = await h.db.selectFrom('pending_signups').selectAll().where('email', '=', 'ana@example.com').executeTakeFirstOrThrow()
    expect(pending.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(pending.phone).toBe('+44 20 7946 0958')
    const code = h.lastCode('ana@example.com')
    expect(code).toMatch(/^\d{6}$/)
    expect(pending.code_hash).not.toContain(code)
    expect(pending.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(h.mailer.lastTo('ana@example.com')!.text).toContain('This code confirms the sign-up made on 1 June 2026 at 09:00 UTC.')
    expect(await userCount('ana@example.com')).toBe(0)
    expect((await verify('ana@example.com', code)).status).toBe(200)
    const user = await h.db.selectFrom('users').selectAll().where('email', '=', 'ana@example.com').executeTakeFirstOrThrow()
    expect(user).toMatchObject({ name: 'Ana Traveller', phone: '+44 20 7946 0958', password_hash: pending.password_hash })
    expect(await count('pending_signups', 'ana@example.com')).toBe(0)
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
    expect(await count('pending_signups', email)).toBe(0)
  })

  it('rejects missing fields, wrong types and broken JSON with a 400, never a 500', async () => {
    expect((await h.call(handleSignup, '/auth/signup', { body: {} })).status).toBe(400)
    expect((await h.call(handleSignup, '/auth/signup', { body: { ...h.signupBody('types@example.com'), dob: 19900412 } })).status).toBe(400)
    expect((await h.call(handleSignup, '/auth/signup', { rawBody: '{"name": ' })).status).toBe(400)
    expect(await count('pending_signups', 'types@example.com')).toBe(0)
  })

  it('keeps unicode, SQL and HTML in names as plain text', async () => {
    const name = `Zoë 周 <b>O'Brien</b>; DROP TABLE users; --`
    const answer = await h.call(handleSignup, '/auth/signup', { body: h.signupBody('odd-name@example.com', { name }) })
    expect(answer.status).toBe(201)
    expect((await verify('odd-name@example.com', h.lastCode('odd-name@example.com'))).status).toBe(200)
    const user = await h.db.selectFrom('users').select('name').where('email', '=', 'odd-name@example.com').executeTakeFirstOrThrow()
    expect(user.name).toBe(name)
  })

  it('keeps the sign-up name out of the verification mail, so nobody can mail their own words to any address', async () => {
    const name = 'Your account is locked. Visit https://roam-support.example/unlock now'
    expect((await h.call(handleSignup, '/auth/signup', { body: h.signupBody('phish-target@example.com', { name }) })).status).toBe(201)
    const mail = h.mailer.lastTo('phish-target@example.com')!
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('locked')
      expect(part).not.toContain('roam-support.example')
    }
    expect(mail.text).toMatch(/^Hello,\n/)
    expect(h.lastCode('phish-target@example.com')).toMatch(/^\d{6}$/)
  })

  it('tells the user when the code could not be mailed, keeps the sign-up, and lets them resend', async () => {
    h.mailer.failing = true
    const answer = await h.call(handleSignup, '/auth/signup', { body: h.signupBody('smtp-down@example.com') })
    h.mailer.failing = false
    expect(answer.status).toBe(503)
    expect(answer.body.error).toMatch(/couldn't send the verification code/)
    expect(await count('pending_signups', 'smtp-down@example.com')).toBe(1)
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

  it('allows 3 resends in 15 minutes, then answers 429 with Retry-After until the window has passed', async () => {
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody('resender@example.com') })
    const resend = () => h.call(handleResendOtp, '/auth/resend-otp', { body: { email: 'resender@example.com' } })
    for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(200)
    const limited = await resend()
    expect(limited.status).toBe(429)
    expect(limited.body.error).toBe('Too many codes requested. Please try again in 15 minutes.')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    // A sign-up again from elsewhere counts against the same address's codes.
    expect((await h.call(handleSignup, '/auth/signup', { body: h.signupBody('resender@example.com') })).status).toBe(429)
    await h.db.deleteFrom('rate_limits').execute() // the window passes
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

describe('a second sign-up of an address awaiting verification', () => {
  const first = { name: 'Someone Else', password: 'Intruder-pass-555', confirm_password: 'Intruder-pass-555' }
  const second = { name: 'Mailbox Owner', password: 'Owners-pass-777', confirm_password: 'Owners-pass-777' }

  it('never changes the first: the newest code activates only the newest details', async () => {
    const email = 'contested@example.com'
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody(email, first) })
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody(email, second) })
    expect(await count('pending_signups', email)).toBe(2)
    expect((await verify(email, h.lastCode(email))).status).toBe(200)
    expect((await logIn(email, second.password)).status).toBe(200)
    expect((await logIn(email, first.password)).status).toBe(401)
    const user = await h.db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow()
    expect(user.name).toBe('Mailbox Owner')
    expect(await count('pending_signups', email)).toBe(0)
  })

  it('leaves the first sign-up its own details: its code activates them, not the later ones', async () => {
    const email = 'first-wins@example.com'
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody(email, second) })
    const firstCode = h.lastCode(email)
    h.clock.advance(60_000)
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody(email, first) })
    expect(h.mailer.lastTo(email)!.text).toContain('sign-up made on 1 June 2026 at')
    expect((await verify(email, firstCode)).status).toBe(200)
    expect((await logIn(email, second.password)).status).toBe(200)
    expect((await logIn(email, first.password)).status).toBe(401)
  })
})

describe('abuse limits', () => {
  it('caps code guesses per address at 20 a day, across fresh codes', async () => {
    const email = 'daily-cap@example.com'
    await h.call(handleSignup, '/auth/signup', { body: h.signupBody(email) })
    const answers = []
    for (let i = 0; i < 21; i++) {
      if (i % 4 === 0) await h.db.updateTable('pending_signups').set({ failed_attempts: 0 }).where('email', '=', email).execute()
      answers.push(await verify(email, String(100000 + i)))
    }
    expect(answers.slice(0, 20).every((answer) => answer.status === 400)).toBe(true)
    expect(answers[20]).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many verification attempts today/) } })
    expect(Number(answers[20]!.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
    // Even the right code waits for tomorrow.
    expect((await verify(email, h.lastCode(email))).status).toBe(429)
  })

  it('limits sign-ups, resends and reset requests from one address together, with Retry-After', async () => {
    const clientAddress = '198.51.100.77'
    const answers = []
    for (let i = 0; i < 31; i++) {
      const body = h.signupBody(`crowd-${i}@example.com`)
      answers.push(await h.call(handleSignup, '/auth/signup', { body, clientAddress }))
    }
    expect(answers.slice(0, 30).map((answer) => answer.status)).toEqual(Array(30).fill(201))
    expect(answers[30]).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes\.$/) } })
    expect(Number(answers[30]!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await h.call(handleResendOtp, '/auth/resend-otp', { body: { email: 'crowd-1@example.com' }, clientAddress })).status).toBe(429)
    expect((await h.call(handleResendOtp, '/auth/resend-otp', { body: { email: 'crowd-1@example.com' } })).status).toBe(200)
  })

  it('counts a sign-up refused as "already exists" against the address, so addresses cannot be tested in bulk', async () => {
    const { email } = await h.verifiedAccount('registered-probe@example.com')
    const clientAddress = '198.51.100.88'
    const answers = []
    for (let i = 0; i < 31; i++) answers.push(await h.call(handleSignup, '/auth/signup', { body: h.signupBody(email), clientAddress }))
    expect(answers.slice(0, 30).every((answer) => answer.status === 409 && answer.body.error === 'An account with this email already exists.')).toBe(true)
    expect(answers[30]!.status).toBe(429)
    expect((await h.call(handleSignup, '/auth/signup', { body: h.signupBody('fresh-after-probe@example.com'), clientAddress })).status).toBe(429)
  })
})
