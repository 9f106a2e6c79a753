import { atom, computed } from 'nanostores'
import type { SessionUser } from '../../modules/auth/sessions.ts'
import { handOverDevice } from '../../pwa/personal-copies.ts'
import { $online } from '../../pwa/network.ts'
import { isTokenFresh } from './token.ts'

/** The signed-in user as the server returns it at login (spec §3, User session). */
export type { SessionUser }

/** Two separate localStorage items, as the spec asks: the user entry and the token entry. */
export const USER_KEY = 'roam.user'
export const TOKEN_KEY = 'roam.token'
/** Whose offline copies this device keeps (the service worker keeps each member's apart; this drops them in time). */
const COPIES_KEY = 'roam.copies-of'

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage)

function readUser(): SessionUser | null {
  try {
    const user = JSON.parse(storage()?.getItem(USER_KEY) ?? 'null') as SessionUser | null
    return user && typeof user === 'object' && typeof user.name === 'string' ? user : null
  } catch {
    return null
  }
}

const readToken = () => storage()?.getItem(TOKEN_KEY) ?? null

export const $user = atom<SessionUser | null>(readUser())
export const $token = atom<string | null>(readToken())
/** `checking` until the start-up silent refresh (if any) has settled. */
export const $sessionStatus = atom<'checking' | 'ready'>('checking')
/** Logged in only with both entries and a token whose exp has not passed. */
export const $loggedIn = computed([$user, $token], (user, token) => user !== null && isTokenFresh(token, Date.now()))

/** Set when the last refresh could not reach the server at all (as opposed to the server refusing it). */
export const $serverUnreachable = atom(false)

/**
 * Signed in, or signed in before and without a connection now: the session is kept (it cannot be renewed
 * offline) and pages open read-only from the service worker's copies.
 */
export const $signedIn = computed(
  [$loggedIn, $user, $online, $serverUnreachable],
  (loggedIn, user, online, unreachable) => loggedIn || (user !== null && (!online || unreachable)),
)

/** Signs a member in on this device; settles once the service worker knows (wait for it before leaving the page). */
export function setSession(user: SessionUser, token: string): Promise<void> {
  // Someone else signs in on this device: the last member's offline copies go.
  const copiesOf = storage()?.getItem(COPIES_KEY)
  const handedOver = handOverDevice(user.id, Boolean(copiesOf && copiesOf !== user.id))
  storage()?.setItem(COPIES_KEY, user.id)
  storage()?.setItem(USER_KEY, JSON.stringify(user))
  storage()?.setItem(TOKEN_KEY, token)
  // The token first: an island that wakes on the new user must find it fresh, not ask for a refresh that the
  // page's next navigation could cut off after the server rotated the cookie (the next one then reads as a replay).
  $token.set(token)
  $user.set(user)
  return handedOver
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token)
  $token.set(token)
}

export function clearSession(): void {
  storage()?.removeItem(USER_KEY)
  storage()?.removeItem(TOKEN_KEY)
  $user.set(null)
  $token.set(null)
}

/** The server ended the session (it expired, was revoked, or the account was blocked): its offline copies go with it. */
export function endSession(): void {
  clearSession()
  storage()?.removeItem(COPIES_KEY)
  void handOverDevice(null, true)
}

let refreshing: Promise<boolean> | undefined

/** Asks the server for a new access token with the refresh cookie; one request at a time. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    let response: Response
    try {
      response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } })
    } catch {
      // No connection: keep the session for the pages that open offline; the next refresh online decides.
      $serverUnreachable.set(true)
      refreshing = undefined
      return false
    }
    $serverUnreachable.set(false)
    try {
      if (!response.ok) throw new Error(`refresh answered ${response.status}`)
      const body = (await response.json()) as { accessToken?: string; user?: SessionUser }
      if (!body.accessToken) throw new Error('refresh gave no token')
      if (body.user) await setSession(body.user, body.accessToken)
      else setToken(body.accessToken)
      return true
    } catch {
      console.warn('No valid refresh token or session expired')
      endSession()
      return false
    } finally {
      refreshing = undefined
    }
  })()
  return refreshing
}

let started: Promise<void> | undefined

/**
 * Settles the session once per page: a stored user without a usable token gets a silent refresh (the
 * page shows "Loading…" meanwhile); a token without a user is dropped.
 */
export function initSession(): Promise<void> {
  started ??= (async () => {
    const user = $user.get()
    if (user && !isTokenFresh($token.get(), Date.now(), 30)) await refreshAccessToken()
    else if (!user && $token.get()) clearSession()
    // The service worker keeps copies only for the member signed in now (src/pwa/offline-copies.ts).
    void handOverDevice($user.get()?.id ?? null, false)
    $sessionStatus.set('ready')
  })()
  return started
}

/**
 * An access token good for at least 30 more seconds, refreshing first when needed; null when logged out.
 * Offline, the last token (even expired) is returned: only the service worker's copies answer then.
 */
export async function freshAccessToken(): Promise<string | null> {
  await initSession()
  if (!$user.get()) return null
  if (isTokenFresh($token.get(), Date.now(), 30)) return $token.get()
  if (await refreshAccessToken()) return $token.get()
  return $signedIn.get() ? $token.get() : null
}

/** Set while this tab logs out on purpose, so the guard leaves the navigation to the caller. */
export const $loggingOut = atom(false)

/** Tells the server, then forgets the session even when the call fails. */
export async function logout(): Promise<void> {
  $loggingOut.set(true)
  try {
    const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' })
    if (!response.ok) console.warn(`Logout answered ${response.status}`)
  } catch (error) {
    console.warn('Logout failed', error)
  }
  clearSession()
  storage()?.removeItem(COPIES_KEY)
  await handOverDevice(null, true)
}

// Another tab logging in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== USER_KEY && event.key !== TOKEN_KEY && event.key !== null) return
    $user.set(readUser())
    $token.set(readToken())
  })
}
