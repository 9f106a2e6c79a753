/** The `exp` claim (seconds) of a JWT, or undefined when the token is absent, unparsable or has none. */
export function tokenExpiry(token: string | null | undefined): number | undefined {
  const payload = token?.split('.')[1]
  if (!payload) return undefined
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const claims = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { exp?: unknown }
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : undefined
  } catch {
    return undefined
  }
}

/** Whether a token is still good `marginSeconds` from now (absent, unparsable, without exp or past it: no). */
export function isTokenFresh(token: string | null | undefined, nowMs: number, marginSeconds = 0): boolean {
  const exp = tokenExpiry(token)
  return exp !== undefined && exp * 1000 > nowMs + marginSeconds * 1000
}
