/**
 * Who may open which page (spec §2). Pure: the layout reads it on the server to render the guard, and
 * the guard script reads it in the browser. Pages added later inherit their rule from their path.
 */
export type RouteAccess =
  | { readonly kind: 'open' }
  | { readonly kind: 'signed-in' }
  | {
      readonly kind: 'role'
      readonly roles: readonly string[]
      /** Where a visitor without a session goes. */
      readonly visitorGoesTo: '/' | '/login'
      readonly deniedTitle: string
      readonly deniedText: string
    }

const SIGNED_IN_PREFIXES = [
  '/my-itineraries',
  '/roam-share',
  '/profile',
  '/account-info',
  '/bucket-list',
  '/my-bucket-lists',
  '/create-post',
  '/u',
  '/notifications',
  '/help',
]

/**
 * A page only some roles may open (spec §2): a visitor goes to the login page; a signed-in user with
 * another role sees "Access Denied" and "You do not have permission to view this page.".
 */
export const requireRole = (
  roles: readonly string[],
  overrides: Partial<Omit<Extract<RouteAccess, { kind: 'role' }>, 'kind' | 'roles'>> = {},
): RouteAccess => ({
  kind: 'role',
  roles,
  visitorGoesTo: '/login',
  deniedTitle: 'Access Denied',
  deniedText: 'You do not have permission to view this page.',
  ...overrides,
})

/** The admin page has its own rules: a visitor goes home, any other role sees one line. */
const ADMIN = requireRole(['admin', 'super-admin'], {
  visitorGoesTo: '/',
  deniedTitle: 'Access Denied - You do not have access to this page.',
  deniedText: '',
})

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

export function accessFor(pathname: string): RouteAccess {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/'
  if (under(path, '/admin')) return ADMIN
  if (SIGNED_IN_PREFIXES.some((prefix) => under(path, prefix))) return { kind: 'signed-in' }
  return { kind: 'open' }
}

/** The page a role rule lets this role see; roles compare case-insensitively. */
export function roleAllowed(access: RouteAccess, role: string | null | undefined): boolean {
  if (access.kind !== 'role') return true
  return access.roles.some((allowed) => allowed.toLowerCase() === (role ?? '').trim().toLowerCase())
}

/** A "from" value that is safe to go back to: a path on this site, never another site. */
export function safeFrom(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\') || /[\u0000-\u001f]/.test(from)) return '/'
  return from
}

/** Where to send a visitor who opened a guarded page: the login page, remembering the page. */
export const loginUrl = (pathAndQuery: string) => `/login?from=${encodeURIComponent(safeFrom(pathAndQuery))}`
