import { ApiError, errorMessage } from './errors.ts'
import { ACCOUNT_BLOCKED } from '../../modules/auth/messages.ts'
import { endSession, freshAccessToken, refreshAccessToken } from './store.ts'

export const DEFAULT_TIMEOUT_MS = 15_000
const SIGN_IN_REQUIRED = 'Authentication required'

export interface ApiOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  readonly body?: unknown
  /** Send the access token as a Bearer header (refreshed first when it is about to expire). */
  readonly auth?: boolean
  readonly timeoutMs?: number
  readonly signal?: AbortSignal
  /** Sees the answer before its body is read (e.g. for a header such as X-Total-Count). */
  readonly onResponse?: (response: Response) => void
}

async function send(path: string, options: ApiOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  try {
    return await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    })
  } catch (error) {
    if (timeout.aborted) throw new ApiError('Request timeout', 0)
    throw error
  }
}

/**
 * A JSON call to the API. A non-OK answer throws an ApiError carrying the server's message, status
 * and body; with `auth`, a 401 to a sent token is retried once after a silent refresh.
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = options.auth ? await freshAccessToken() : null
  // A guarded page's island may start before its guard sends a visitor away: no request, no 401 in the console.
  if (options.auth && !token) throw new ApiError(SIGN_IN_REQUIRED, 401)
  let response = await send(path, options, token)
  // Only a token we sent can have gone stale; a visitor's 401 needs no refresh attempt.
  if (token && response.status === 401 && (await refreshAccessToken())) {
    response = await send(path, options, await freshAccessToken())
  }
  options.onResponse?.(response)
  const text = await response.text()
  let data: unknown = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    data = text
  }
  const message = errorMessage(response.status, response.statusText, data)
  // A blocked account is cut off at once: this browser forgets the session, and the guard sends it to the login page.
  if (token && response.status === 403 && message === ACCOUNT_BLOCKED) endSession()
  if (!response.ok) throw new ApiError(message, response.status, data)
  return data as T
}
