import { createHash } from 'node:crypto'

/**
 * Rendered shared-itinerary pages kept in memory, so that a link passed around a group chat is served at
 * the speed of a static file (the server answers from here before the page is rendered again; see
 * `serveSharedPageFromMemory`). An entry is trusted for `FRESH_MS`, then the next request renders the
 * page again from the read model; this process forgets an entry at once when the itinerary changes, so
 * another app process serves a changed or deleted itinerary for at most `FRESH_MS` more.
 */
const FRESH_MS = 1000
const MAX_ENTRIES = 500
const SHARED_PATH = /^\/itinerary\/shared\/([\w-]{16,64})$/

export interface CachedPage {
  readonly shareId: string
  readonly body: Buffer
  readonly etag: string
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly storedAt: number
}

// On globalThis: the launcher (which serves hits) and the server bundle (which renders) are separate module graphs.
const KEY = Symbol.for('roam.itinerary.sharedPages')
type Holder = { [KEY]?: Map<string, CachedPage> }
const pages = (): Map<string, CachedPage> => ((globalThis as Holder)[KEY] ??= new Map())

/** The share id of a shared page's path, or undefined for any other path. */
export const sharedPageShareId = (pathname: string) => SHARED_PATH.exec(pathname)?.[1]

/** A strong validator of a page's bytes. */
export const etagOf = (body: Uint8Array) => `"${createHash('sha1').update(body).digest('base64url')}"`

/** Whether an If-None-Match header names this ETag (or `*`). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}

/** Keeps a freshly rendered page (status 200) under its share id. */
export function rememberSharedPage(shareId: string, body: Buffer, headers: Headers, now = Date.now()): CachedPage {
  const cache = pages()
  const page: CachedPage = {
    shareId,
    body,
    etag: headers.get('etag') ?? etagOf(body),
    headers: [...headers].filter(([name]) => name !== 'content-length' && name !== 'x-request-id'),
    storedAt: now,
  }
  cache.delete(shareId)
  cache.set(shareId, page)
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  return page
}

/** The page of a share id if it is fresh enough to serve without rendering. */
export function freshSharedPage(shareId: string, now = Date.now()): CachedPage | undefined {
  const page = pages().get(shareId)
  if (!page) return undefined
  if (now - page.storedAt > FRESH_MS) {
    pages().delete(shareId)
    return undefined
  }
  return page
}

/** Drops a share id's page (its itinerary was edited, renamed or deleted). */
export function forgetSharedPage(shareId: string | null | undefined): void {
  if (shareId) pages().delete(shareId)
}
