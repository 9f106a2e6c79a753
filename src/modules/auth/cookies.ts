export const REFRESH_COOKIE = 'roam_refresh'
const COOKIE_PATH = '/api'

/** The refresh cookie: HttpOnly, SameSite=Strict, Secure over https; no Max-Age means a browser-session cookie. */
export function refreshCookie(token: string, maxAgeSeconds: number | undefined, secure: boolean): string {
  const parts = [`${REFRESH_COOKIE}=${token}`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict']
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`)
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

export function clearedRefreshCookie(secure: boolean): string {
  return [`${REFRESH_COOKIE}=`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ')
}

export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) return decoded(part.slice(index + 1).trim())
  }
  return undefined
}

/** A cookie value as sent; one that is not valid percent-encoding is no token at all. */
function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value) || undefined
  } catch {
    return undefined
  }
}

/**
 * Refresh and logout act on an ambient cookie, so they only answer the app's own pages: a browser's
 * `Origin` must be PUBLIC_BASE_URL's (behind a TLS proxy the request URL itself is http), and
 * `Sec-Fetch-Site`, when sent, must say same-origin.
 */
export function isSameOriginRequest(request: Request, publicBaseUrl: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin') return false
  const origin = request.headers.get('origin')
  return !origin || origin === new URL(publicBaseUrl).origin
}
