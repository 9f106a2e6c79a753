import { safeFrom } from '../../modules/auth/route-access.ts'

/**
 * The e-mail awaiting verification, handed from /signup to /verify-otp and on to /login (spec: "passed in
 * navigation state"), with the page the traveller was on before (`from`), so that registering never loses
 * where they were going.
 */
const KEY = 'roam.verifyEmail'
const FROM_KEY = 'roam.verifyFrom'

export function rememberEmailToVerify(email: string, from: string | null = null): void {
  sessionStorage.setItem(KEY, email)
  if (from && safeFrom(from) !== '/') sessionStorage.setItem(FROM_KEY, safeFrom(from))
  else sessionStorage.removeItem(FROM_KEY)
}

export function emailToVerify(): string {
  return typeof window === 'undefined' ? '' : (sessionStorage.getItem(KEY) ?? '')
}

/** The login page once the e-mail is verified: it says so, fills the address in, and still knows where the traveller was going. */
export function loginAfterVerifying(): string {
  const from = sessionStorage.getItem(FROM_KEY)
  return `/login?${new URLSearchParams({ verified: '1', ...(from ? { from } : {}) })}`
}

/** A link between the login and sign-up pages that keeps `from` (the page the traveller came from). */
export function keepingFrom(path: '/login' | '/signup', search: string): string {
  const from = new URLSearchParams(search).get('from')
  return from && safeFrom(from) !== '/' ? `${path}?from=${encodeURIComponent(safeFrom(from))}` : path
}
