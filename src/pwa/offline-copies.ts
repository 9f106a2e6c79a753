/**
 * Whose an offline copy is, and which answers may become one (used by the service worker, sw.ts). A
 * personal answer (a trip, the profile, the feed as one member sees it) is kept under its address and the
 * signed-in member it was fetched for, so it is only ever given back to a request of that member; nothing
 * the server marked `no-store` is kept, and no page whose address carries a secret (a reset link's token).
 */

import { CACHES } from './cache-names.ts'

/** The query parameter that holds whose a copy is, in the keys of the personal caches. */
const OWNER_PARAM = 'roam-member'
const VISITOR = 'visitor'
/** Query parameters that carry a secret: such an address is never stored. */
const SECRET_PARAMS = ['token', 'code', 'otp']

/** The member a request is made for: the subject of its bearer token (not checked: the server does that), else a visitor. */
export function memberOf(request: Request): string {
  const kept = new URL(request.url).searchParams.get(OWNER_PARAM)
  if (kept) return kept
  const token = /^Bearer\s+([\w-]+)\.([\w-]+)\.[\w-]*$/i.exec(request.headers.get('authorization') ?? '')
  if (!token) return VISITOR
  try {
    const base64 = token[2]!.replace(/-/g, '+').replace(/_/g, '/')
    const payload = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { sub?: unknown }
    return typeof payload.sub === 'string' && payload.sub ? payload.sub : VISITOR
  } catch {
    return VISITOR
  }
}

/** The key a personal answer is kept under: its address and the member's id. */
export function personalKey(url: string, member: string): string {
  const key = new URL(url)
  key.searchParams.delete(OWNER_PARAM)
  key.searchParams.append(OWNER_PARAM, member)
  return key.href
}

/** Whether a key is one of this member's copies. */
export const isCopyOf = (key: string, member: string) => new URL(key).searchParams.get(OWNER_PARAM) === member

/** Whether an answer may be kept: a complete 200 the server did not mark `no-store`. */
export function keepable(response: Response): boolean {
  return response.status === 200 && !/(^|,)\s*no-store\b/i.test(response.headers.get('cache-control') ?? '')
}

/** Whether an address carries a secret (a reset or verification link): never stored. */
export const carriesSecret = (url: URL) => SECRET_PARAMS.some((name) => url.searchParams.has(name))

/** The entry of the `signedIn` cache that holds the id of the member signed in now (or `visitor`). */
const SIGNED_IN_ENTRY = '/roam-signed-in'

/** Records who is signed in on this device now (the page does, at every sign-in and sign-out). */
export async function recordSignedIn(member: string | null): Promise<void> {
  await (await caches.open(CACHES.signedIn)).put(SIGNED_IN_ENTRY, new Response(member ?? VISITOR))
}

/**
 * Whether a copy may be kept for a member: they are the one signed in now (or the page never said who is).
 * The worker asks before it stores a copy and again after: the page records the new member before it drops
 * the last one's copies, so an answer of the last member still on its way is refused or dropped.
 */
export async function signedInNow(member: string): Promise<boolean> {
  const recorded = await (await caches.open(CACHES.signedIn)).match(SIGNED_IN_ENTRY)
  return recorded === undefined || (await recorded.text()) === member
}
