import { RecordingMailer, testApp, type Answer } from '../../../test/app.ts'
import * as http from './http.ts'

export { BASE_URL, RecordingMailer, TestClock } from '../../../test/app.ts'

const lastTo = (mailer: RecordingMailer, email: string) => mailer.lastTo(email)?.text ?? ''

/** The code of the newest verification mail to `email`. */
export function lastCode(mailer: RecordingMailer, email: string): string {
  const code = /verification code is:\n(\d{6})/.exec(lastTo(mailer, email))?.[1]
  if (!code) throw new Error(`no verification code was mailed to ${email}`)
  return code
}

/** The token of the newest reset link mailed to `email`. */
export function lastResetToken(mailer: RecordingMailer, email: string): string {
  const token = /reset-password\?token=([\w%-]+)/.exec(lastTo(mailer, email))?.[1]
  if (!token) throw new Error(`no reset link was mailed to ${email}`)
  return decodeURIComponent(token)
}

/** The app on a fresh database with helpers to make accounts through the real endpoints. */
export async function authHarness(options: { publicBaseUrl?: string; env?: Record<string, string> } = {}) {
  const app = await testApp(options)
  const { call, mailer } = app

  const signupBody = (email: string, overrides: Record<string, unknown> = {}) => ({
    name: 'Ana Traveller',
    email,
    password: 'Blue-lagoon-1987',
    confirm_password: 'Blue-lagoon-1987',
    gender: 'female',
    dob: '1990-04-12',
    phone_number: '+44 20 7946 0958',
    ...overrides,
  })

  /** Signs up and verifies an account; returns its e-mail and password. */
  async function verifiedAccount(email: string, password = 'Blue-lagoon-1987') {
    const signup = await call(http.handleSignup, '/auth/signup', { body: signupBody(email, { password, confirm_password: password }) })
    if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`)
    const verify = await call(http.handleVerifyOtp, '/auth/verify-otp', { body: { email, otp: lastCode(mailer, email) } })
    if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`)
    return { email, password }
  }

  async function loggedIn(email: string, rememberMe = false) {
    const { password } = await verifiedAccount(email)
    const answer = await call(http.handleLogin, '/auth/login', { body: { email, password, rememberMe } })
    if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`)
    return { email, password, userId: answer.body.user.id as string, accessToken: answer.body.accessToken as string, cookie: cookieOf(answer) }
  }

  return {
    ...app,
    signupBody,
    verifiedAccount,
    loggedIn,
    lastCode: (email: string) => lastCode(mailer, email),
    lastResetToken: (email: string) => lastResetToken(mailer, email),
  }
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
export function cookieOf(answer: Answer): string {
  if (!answer.setCookie) throw new Error('no cookie was set')
  return answer.setCookie.split(';')[0]!
}
