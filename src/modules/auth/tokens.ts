import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto'
import { Effect } from 'effect'
import { jwtVerify, SignJWT } from 'jose'
import { ACCESS_TOKEN_TTL_SECONDS, OTP_DIGITS } from './policy.ts'

const AUDIENCE = 'roam'
const ISSUER = 'roam'
const ACCESS_TYPE = 'access'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A key per purpose, derived from AUTH_SECRET, so one kind of token can never stand in for another. */
function derivedKey(secret: string, purpose: string): Uint8Array {
  return createHash('sha256').update(`roam:${purpose}:${secret}`).digest()
}

export interface AccessClaims {
  readonly userId: string
  readonly role: string
  /** The account's password version when the token was issued (a change or reset ends older tokens). */
  readonly passwordVersion: number
  /** The session (refresh-token family) the token was issued to: logout, reuse detection and a password change end it. */
  readonly sessionId: string
}

export async function signAccessToken(claims: AccessClaims, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ role: claims.role, typ: ACCESS_TYPE, pwv: claims.passwordVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(derivedKey(secret, 'access-token'))
}

/**
 * Tokens already verified, by their text: a signed-in client sends the same token with every call until it
 * expires. Only the signature and claims are kept; whether the session is still live is asked on every call.
 */
const VERIFIED_CAPACITY = 10_000
const verified = new Map<string, { readonly secret: string; readonly expiresAt: number; readonly claims: AccessClaims }>()

/** The claims of a valid access token, or undefined for one that is expired, tampered, foreign or of another type. */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<AccessClaims | undefined> {
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const known = verified.get(token)
  if (known && known.secret === secret) return known.expiresAt > nowSeconds ? known.claims : undefined
  const checked = await checkAccessToken(token, secret, now)
  if (checked) {
    if (verified.size >= VERIFIED_CAPACITY) verified.delete(verified.keys().next().value!)
    verified.set(token, { secret, ...checked })
  }
  return checked?.claims
}

/** jose answers with promises: here, and only here, they become Effects for commands and handlers. */
const jose = <A>(run: () => Promise<A>) => Effect.promise(run)

/** A signed access token for these claims, issued `now`. */
export const issueAccessToken = (claims: AccessClaims, secret: string, now: Date) => jose(() => signAccessToken(claims, secret, now))

/** The claims of a valid access token, or undefined (see verifyAccessToken). */
export const readAccessToken = (token: string, secret: string, now: Date) => jose(() => verifyAccessToken(token, secret, now))

async function checkAccessToken(token: string, secret: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, derivedKey(secret, 'access-token'), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    })
    if (payload.typ !== ACCESS_TYPE || typeof payload.role !== 'string' || !UUID.test(payload.sub ?? '')) return undefined
    if (!Number.isInteger(payload.pwv) || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return undefined
    return {
      expiresAt: payload.exp!,
      claims: { userId: payload.sub!, role: payload.role, passwordVersion: payload.pwv as number, sessionId: payload.sid },
    }
  } catch {
    return undefined
  }
}

/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url')

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export const newOtp = () => String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0')

/** Six digits are few: the stored form is keyed with the server secret so a leaked table cannot be brute-forced offline. */
export const otpHash = (code: string, userId: string, secret: string) =>
  createHmac('sha256', derivedKey(secret, 'otp')).update(`${userId}:${code}`).digest('hex')

/** A client address as stored beside an account: keyed with the server secret, so a leaked table names nobody's address. */
export const addressKey = (address: string, secret: string) => createHmac('sha256', derivedKey(secret, 'address')).update(address).digest('hex')
