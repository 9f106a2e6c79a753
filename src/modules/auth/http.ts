import { Effect, Schema } from 'effect'
import type { EventMetadata } from '../../events/types.ts'
import { decodeJsonBody, httpError, json, respond } from '../../platform/http.ts'
import type { Logger } from '../../platform/logging.ts'
import { authenticate } from './authenticate.ts'
import { clearedRefreshCookie, isSameOriginRequest, readCookie, REFRESH_COOKIE, refreshCookie } from './cookies.ts'
import { AuthEnv, type AuthEnvironment } from './env.ts'
import { accountProfile } from './queries.ts'
import { changePassword, forgotPassword, resetPassword } from './recovery.ts'
import { resendOtp, signup, verifyOtp } from './registration.ts'
import { login, logout, refreshSession, type IssuedRefreshToken } from './sessions.ts'
import { sha256 } from './tokens.ts'

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

/** One request as the handlers see it: the Request plus what Astro knows about it. */
export interface AuthRequest {
  readonly request: Request
  readonly clientAddress: string
  readonly requestId: string
  readonly logger: Logger
  readonly env: AuthEnvironment
}

const secure = (env: AuthEnvironment) => env.publicBaseUrl.startsWith('https:')
const metadataOf = (req: AuthRequest): EventMetadata => ({ requestId: req.requestId })

function withCookie(response: Response, cookie: string): Response {
  response.headers.append('Set-Cookie', cookie)
  return response
}

const setRefresh = (response: Response, refresh: IssuedRefreshToken | undefined, env: AuthEnvironment) =>
  refresh ? withCookie(response, refreshCookie(refresh.token, refresh.maxAgeSeconds, secure(env))) : response

function run(req: AuthRequest, program: Effect.Effect<Response, unknown, AuthEnv>): Promise<Response> {
  return respond(Effect.provideService(program, AuthEnv, req.env), req.logger)
}

const refuseCrossSite = (req: AuthRequest) =>
  isSameOriginRequest(req.request, req.env.publicBaseUrl) ? Effect.void : Effect.fail(httpError(403, 'Cross-site request refused'))

const presentedRefreshToken = (req: AuthRequest) => readCookie(req.request.headers.get('cookie'), REFRESH_COOKIE)

export const handleSignup = (req: AuthRequest) =>
  run(req, Effect.flatMap(decodeJsonBody(SignupBody, req.request), (body) => Effect.map(signup(body, metadataOf(req)), (result) => json(result, 201))))

export const handleVerifyOtp = (req: AuthRequest) =>
  run(
    req,
    Effect.flatMap(decodeJsonBody(VerifyBody, req.request), (body) =>
      Effect.map(verifyOtp({ email: body.email, otp: body.otp === undefined ? undefined : String(body.otp) }, metadataOf(req)), (result) => json(result)),
    ),
  )

export const handleResendOtp = (req: AuthRequest) =>
  run(req, Effect.flatMap(decodeJsonBody(EmailBody, req.request), (body) => Effect.map(resendOtp(body), (result) => json(result))))

export const handleLogin = (req: AuthRequest) =>
  run(
    req,
    Effect.flatMap(decodeJsonBody(LoginBody, req.request), (body) =>
      Effect.map(login(body, req.clientAddress, metadataOf(req)), ({ user, accessToken, refresh }) =>
        setRefresh(json({ user, accessToken }), refresh, req.env),
      ),
    ),
  )

export const handleRefresh = (req: AuthRequest) =>
  run(
    req,
    Effect.gen(function* () {
      yield* refuseCrossSite(req)
      const session = yield* refreshSession(presentedRefreshToken(req), metadataOf(req))
      return setRefresh(json({ user: session.user, accessToken: session.accessToken }), session.refresh, req.env)
    }),
  )

export const handleLogout = (req: AuthRequest) =>
  run(
    req,
    Effect.gen(function* () {
      yield* refuseCrossSite(req)
      yield* logout(presentedRefreshToken(req))
      return withCookie(json(null, 204), clearedRefreshCookie(secure(req.env)))
    }),
  )

export const handleForgotPassword = (req: AuthRequest) =>
  run(req, Effect.flatMap(decodeJsonBody(EmailBody, req.request), (body) => Effect.map(forgotPassword(body), (result) => json(result))))

export const handleResetPassword = (req: AuthRequest) =>
  run(req, Effect.flatMap(decodeJsonBody(ResetBody, req.request), (body) => Effect.map(resetPassword(body, metadataOf(req)), (result) => json(result))))

export const handleMe = (req: AuthRequest) =>
  run(
    req,
    Effect.gen(function* () {
      const caller = yield* authenticate(req.request.headers.get('authorization'))
      return json(yield* accountProfile(caller.userId))
    }),
  )

export const handleChangePassword = (req: AuthRequest) =>
  run(
    req,
    Effect.gen(function* () {
      const caller = yield* authenticate(req.request.headers.get('authorization'))
      const body = yield* decodeJsonBody(ChangePasswordBody, req.request)
      const remember = yield* Effect.promise(() => rememberedSession(req))
      const result = yield* changePassword(caller.userId, body, remember, metadataOf(req))
      return setRefresh(json({ message: result.message, accessToken: result.accessToken }), result.refresh, req.env)
    }),
  )

/** Whether the browser's current session was a "remember me" login (kept for its replacement). */
async function rememberedSession(req: AuthRequest): Promise<boolean> {
  const presented = presentedRefreshToken(req)
  if (!presented) return false
  const row = await req.env.db.selectFrom('refresh_tokens').select('remember').where('token_hash', '=', sha256(presented)).executeTakeFirst()
  return row?.remember ?? false
}
