import { ensureProjections } from '../../events/rebuild.ts'
import { createLogger } from '../../platform/logging.ts'
import { freshDatabase } from '../../../test/database.ts'
import type { Mailer, MailMessage } from '../mail/mailer.ts'
import type { AuthEnvironment } from './env.ts'
import * as http from './http.ts'
import { accountsProjection } from './projections.ts'

export const BASE_URL = 'http://roam.test'

/** A mailer that keeps what it sends, and can be told to fail like an unreachable SMTP server. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = []
  failing = false
  async send(message: MailMessage) {
    if (this.failing) throw new Error('SMTP server unreachable')
    this.sent.push(message)
  }
  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((message) => message.to === email).at(-1)
  }
  lastCode(email: string): string {
    const code = /verification code is:\n(\d{6})/.exec(this.lastTo(email)?.text ?? '')?.[1]
    if (!code) throw new Error(`no verification code was mailed to ${email}`)
    return code
  }
  lastResetToken(email: string): string {
    const token = /reset-password\?token=([\w%-]+)/.exec(this.lastTo(email)?.text ?? '')?.[1]
    if (!token) throw new Error(`no reset link was mailed to ${email}`)
    return decodeURIComponent(token)
  }
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current = new Date('2026-06-01T09:00:00Z')) {}
  now = () => new Date(this.current)
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms)
  }
}

export interface CallOptions {
  readonly body?: unknown
  readonly rawBody?: string
  readonly token?: string
  readonly cookie?: string
  readonly headers?: Record<string, string>
  readonly clientAddress?: string
}

export interface Answer {
  readonly status: number
  readonly body: any
  readonly setCookie: string | null
}

type Handler = (req: http.AuthRequest) => Promise<Response>

/** A fresh database and the account handlers wired to it, with a test clock and a recording mailer. */
export async function authHarness(options: { publicBaseUrl?: string } = {}) {
  const database = await freshDatabase()
  await ensureProjections(database.db, [accountsProjection])
  const mailer = new RecordingMailer()
  const clock = new TestClock()
  const env: AuthEnvironment = {
    db: database.db,
    secret: 'test-secret-test-secret-test-secret-42',
    publicBaseUrl: options.publicBaseUrl ?? BASE_URL,
    mailer,
    logger: createLogger('silent'),
    now: clock.now,
  }

  async function call(handler: Handler, path: string, callOptions: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...callOptions.headers }
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`
    if (callOptions.cookie) headers.cookie = callOptions.cookie
    const method = handler === http.handleMe ? 'GET' : 'POST'
    const body = method === 'GET' ? undefined : (callOptions.rawBody ?? (callOptions.body === undefined ? '' : JSON.stringify(callOptions.body)))
    const request = new Request(`${BASE_URL}${path}`, { method, headers, body })
    const response = await handler({ request, clientAddress: callOptions.clientAddress ?? '203.0.113.7', requestId: 'test', logger: env.logger, env })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : null, setCookie: response.headers.get('set-cookie') }
  }

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
    const verify = await call(http.handleVerifyOtp, '/auth/verify-otp', { body: { email, otp: mailer.lastCode(email) } })
    if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`)
    return { email, password }
  }

  async function loggedIn(email: string, rememberMe = false) {
    const { password } = await verifiedAccount(email)
    const answer = await call(http.handleLogin, '/auth/login', { body: { email, password, rememberMe } })
    if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`)
    return { email, password, userId: answer.body.user.id as string, accessToken: answer.body.accessToken as string, cookie: cookieOf(answer) }
  }

  return { database, db: database.db, env, mailer, clock, call, signupBody, verifiedAccount, loggedIn }
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
export function cookieOf(answer: Answer): string {
  if (!answer.setCookie) throw new Error('no cookie was set')
  return answer.setCookie.split(';')[0]!
}
