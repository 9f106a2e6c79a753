import { Effect, Schema } from 'effect'
import { Config } from '../../platform/config.ts'
import { decodeJsonBody, json, type ApiRequest } from '../../platform/http.ts'
import { authenticate } from './authenticate.ts'
import { clearedRefreshCookie, isSameOriginRequest, readCookie, REFRESH_COOKIE, refreshCookie } from './cookies.ts'
import { CrossSiteRequest } from './errors.ts'
import { accountProfile } from './queries.ts'
import { changePassword, forgotPassword, resetPassword } from './recovery.ts'
import { resendOtp, signup, verifyOtp } from './registration.ts'
import { isRememberedSession, login, logout, refreshSession, type IssuedRefreshToken } from './sessions.ts'
import type { ApiRoutes } from '../../platform/api-route.ts'

/** The account endpoints (spec §7, Auth): decode the request, call the command or query, encode the answer. */

const Text = Schema.optional(Schema.String)

const SignupBody = Schema.Struct({
  name: Text,
  email: Text,
  password: Text,
  confirm_password: Text,
  gender: Text,
  dob: Text,
  phone_number: Schema.optional(Schema.NullOr(Schema.String)),
})
const VerifyBody = Schema.Struct({ email: Text, otp: Schema.optional(Schema.Union([Schema.String, Schema.Number])) })
const EmailBody = Schema.Struct({ email: Text })
const LoginBody = Schema.Struct({ email: Text, password: Text, rememberMe: Schema.optional(Schema.Boolean) })
const ResetBody = Schema.Struct({ token: Text, password: Text })
const ChangePasswordBody = Schema.Struct({ currentPassword: Text, newPassword: Text })

const withCookie = (response: Response, cookie: string) => {
  response.headers.append('Set-Cookie', cookie)
  return response
}

const isSecure = Effect.map(Config, (config) => config.publicBaseUrl.startsWith('https:'))

const withRefreshCookie = (response: Response, refresh: IssuedRefreshToken | undefined) =>
  Effect.map(isSecure, (secure) => (refresh ? withCookie(response, refreshCookie(refresh.token, refresh.maxAgeSeconds, secure)) : response))

const refuseCrossSite = ({ request }: ApiRequest) =>
  Effect.flatMap(Config, (config) => (isSameOriginRequest(request, config.publicBaseUrl) ? Effect.void : Effect.fail(new CrossSiteRequest())))

const presentedRefreshToken = ({ request }: ApiRequest) => readCookie(request.headers.get('cookie'), REFRESH_COOKIE)

export const handleSignup = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  const body = yield* decodeJsonBody(SignupBody, request)
  return json(yield* signup(body, clientAddress), 201)
})

export const handleVerifyOtp = Effect.fn(function* ({ request }: ApiRequest) {
  const body = yield* decodeJsonBody(VerifyBody, request)
  return json(yield* verifyOtp({ email: body.email, otp: body.otp === undefined ? undefined : String(body.otp) }))
})

export const handleResendOtp = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  return json(yield* resendOtp(yield* decodeJsonBody(EmailBody, request), clientAddress))
})

export const handleLogin = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  const { user, accessToken, refresh } = yield* login(yield* decodeJsonBody(LoginBody, request), clientAddress)
  return yield* withRefreshCookie(json({ user, accessToken }), refresh)
})

export const handleRefresh = Effect.fn(function* (req: ApiRequest) {
  yield* refuseCrossSite(req)
  const session = yield* refreshSession(presentedRefreshToken(req))
  return yield* withRefreshCookie(json({ user: session.user, accessToken: session.accessToken }), session.refresh)
})

export const handleLogout = Effect.fn(function* (req: ApiRequest) {
  yield* refuseCrossSite(req)
  yield* logout(presentedRefreshToken(req))
  return withCookie(json(null, 204), clearedRefreshCookie(yield* isSecure))
})

export const handleForgotPassword = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  return json(yield* forgotPassword(yield* decodeJsonBody(EmailBody, request), clientAddress))
})

export const handleResetPassword = Effect.fn(function* ({ request }: ApiRequest) {
  return json(yield* resetPassword(yield* decodeJsonBody(ResetBody, request)))
})

export const handleMe = Effect.fn(function* ({ request }: ApiRequest) {
  const caller = yield* authenticate(request)
  return json(yield* accountProfile(caller.userId))
})

export const handleChangePassword = Effect.fn(function* (req: ApiRequest) {
  const caller = yield* authenticate(req.request)
  const body = yield* decodeJsonBody(ChangePasswordBody, req.request)
  const remember = yield* isRememberedSession(presentedRefreshToken(req))
  const result = yield* changePassword(caller.userId, body, remember)
  return yield* withRefreshCookie(json({ message: result.message, accessToken: result.accessToken }), result.refresh)
})

export const authRoutes = [
  { method: 'POST', path: '/auth/signup', handler: handleSignup, body: 'json', auth: 'public' },
  { method: 'POST', path: '/auth/verify-otp', handler: handleVerifyOtp, body: 'json', auth: 'public' },
  { method: 'POST', path: '/auth/resend-otp', handler: handleResendOtp, body: 'json', auth: 'public' },
  { method: 'POST', path: '/auth/login', handler: handleLogin, body: 'json', auth: 'public' },
  { method: 'POST', path: '/api/auth/refresh', handler: handleRefresh, body: 'none', auth: 'public' },
  { method: 'POST', path: '/api/auth/logout', handler: handleLogout, body: 'none', auth: 'public' },
  { method: 'POST', path: '/api/auth/forgot-password', handler: handleForgotPassword, body: 'json', auth: 'public' },
  { method: 'POST', path: '/api/auth/reset-password', handler: handleResetPassword, body: 'json', auth: 'public' },
  { method: 'GET', path: '/api/users/me', handler: handleMe, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/users/change-password', handler: handleChangePassword, body: 'json', auth: 'bearer' },
] satisfies ApiRoutes
