import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { EncodedCopies, preferredEncoding, sendKept } from '../../../platform/encoding.ts'

/**
 * Rendered shared-itinerary pages kept in memory, so that a link passed around a group chat is served at
 * the speed of a static file: the server answers from here before the request reaches the page
 * (`serveSharedPageFromMemory`), the middleware stores what the page renders (`renderSharedPage`).
 *
 * A copy is served as it is for `CHECK_AFTER_MS`; after that, the next request is still served from it
 * while the itinerary's version is looked up (one small query): the same version keeps the copy, any
 * other (or none: deleted) drops it so the next request renders again. Every copy is rendered again
 * after `MAX_AGE_MS` (the creator's name may have changed). A change to the itinerary committed by this
 * process drops its copies at once (the read model's `committed` hook, projections.ts); one committed by
 * another app process is noticed within about `CHECK_AFTER_MS`.
 */
const CHECK_AFTER_MS = 1000
const MAX_AGE_MS = 60_000
const MAX_ENTRIES = 500
/** A shared page's path, with a trailing slash that the server redirects away. */
const SHARED_PATH = /^\/itinerary\/shared\/([\w-]{16,64})(\/?)$/

/** The itinerary a shared page shows and the version it read (the page reports it as it renders). */
export interface SharedPageRead {
  readonly itineraryId: string
  readonly version: number
}

interface CachedPage {
  readonly shareId: string
  readonly itineraryId: string
  readonly version: number
  readonly body: Buffer
  readonly etag: string
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly renderedAt: number
  checkedAt: number
  checking: boolean
}

const pages = new Map<string, CachedPage>()
/** The pages' compressed copies, by ETag: made once per version off the event loop, kept across renders of the same bytes. */
const encodedPages = new EncodedCopies(64 * 1024 * 1024)

/** The share id of a shared page's path (its query, if any, left out), or undefined for any other path. */
export const sharedPageShareId = (pathname: string) => SHARED_PATH.exec(pathname.split('?', 1)[0]!)?.[1]

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

function remember(shareId: string, { itineraryId, version }: SharedPageRead, body: Buffer, headers: Headers, now: number): CachedPage {
  const etag = headers.get('etag')!
  const page: CachedPage = {
    shareId,
    itineraryId,
    version,
    body,
    etag,
    headers: [...[...headers].filter(([name]) => !['content-length', 'x-request-id', 'content-encoding', 'vary'].includes(name)), ['vary', 'Accept-Encoding']],
    renderedAt: now,
    checkedAt: now,
    checking: false,
  }
  pages.delete(shareId)
  pages.set(shareId, page)
  while (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!)
  return page
}

/** Drops the pages of these itineraries (they were edited, renamed or deleted). */
export function forgetSharedPages(itineraryIds: ReadonlySet<string>): void {
  for (const [shareId, page] of pages) if (itineraryIds.has(page.itineraryId)) pages.delete(shareId)
}

const NOT_MODIFIED_HEADERS = new Set(['etag', 'cache-control', 'vary'])
const notModifiedHeaders = (page: CachedPage) => page.headers.filter(([name]) => NOT_MODIFIED_HEADERS.has(name))

/**
 * Shared pages rendered at once, at most: a long trip's page is tens of milliseconds of the event loop, so
 * a burst of them (ten links of the longest trips, their copies just dropped by an edit) renders one after
 * another, with every other request answered in between, rather than all at once.
 */
const MAX_RENDERS = 1
let rendering = 0
const waiting: Array<() => void> = []

async function inTurn<A>(work: () => Promise<A>): Promise<A> {
  if (rendering >= MAX_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve))
  rendering++
  try {
    return await work()
  } finally {
    rendering--
    waiting.shift()?.()
  }
}

/**
 * Middleware half: renders a shared page through `render` (one at a time), adds its ETag, keeps a 200 in
 * memory (with the itinerary and version the page read, from `read()`), and answers a matching
 * If-None-Match with 304.
 */
export async function renderSharedPage(
  request: Request,
  pathname: string,
  render: () => Promise<Response>,
  read: () => SharedPageRead | undefined,
): Promise<Response> {
  const shareId = sharedPageShareId(pathname)
  if (!shareId || (request.method !== 'GET' && request.method !== 'HEAD')) return render()
  return inTurn(() => renderAndKeep(shareId, request, render, read))
}

async function renderAndKeep(shareId: string, request: Request, render: () => Promise<Response>, read: () => SharedPageRead | undefined): Promise<Response> {
  const response = await render()
  if (response.status !== 200) return response
  const body = Buffer.from(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  const etag = etagOf(body)
  headers.set('etag', etag)
  const shown = read()
  if (shown !== undefined) remember(shareId, shown, body, headers, Date.now())
  if (matchesEtag(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers: [...headers].filter(([name]) => NOT_MODIFIED_HEADERS.has(name)) })
  }
  return new Response(body, { status: 200, headers })
}

export interface MemoryServing {
  /** A request id for a response that never reaches the middleware. */
  readonly requestId: () => string
  /** The shared itinerary's current version (undefined when it is gone). */
  readonly currentVersion: (shareId: string) => Promise<number | undefined>
}

/** Looks the version up once at a time; a changed or vanished itinerary drops the copy. */
function revalidate(page: CachedPage, serving: MemoryServing, now: number): void {
  if (page.checking || now - page.checkedAt <= CHECK_AFTER_MS) return
  page.checking = true
  serving
    .currentVersion(page.shareId)
    .then((version) => {
      if (version === page.version) page.checkedAt = Date.now()
      else if (pages.get(page.shareId) === page) pages.delete(page.shareId)
    })
    .catch(() => {
      if (pages.get(page.shareId) === page) pages.delete(page.shareId)
    })
    .finally(() => {
      page.checking = false
    })
}

/**
 * Server half, before the request reaches Astro: answers a GET or HEAD of a shared page from memory
 * (200, or 304 to a matching If-None-Match). False when the page must be rendered.
 */
export function serveSharedPageFromMemory(req: IncomingMessage, res: ServerResponse, serving: MemoryServing): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false
  const path = SHARED_PATH.exec(req.url.split('?', 1)[0]!)
  // One address per page: a trailing slash is sent to it; any query is left out of the key (one copy for all).
  if (path?.[2]) {
    res.writeHead(301, { location: `/itinerary/shared/${path[1]}`, 'cache-control': 'public, max-age=3600' }).end()
    return true
  }
  const page = path ? pages.get(path[1]!) : undefined
  if (!page) return false
  const now = Date.now()
  if (now - page.renderedAt > MAX_AGE_MS || now - page.checkedAt > MAX_AGE_MS) {
    pages.delete(page.shareId)
    return false
  }
  revalidate(page, serving, now)
  const incoming = req.headers['x-request-id']
  res.setHeader('x-request-id', typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : serving.requestId())
  if (matchesEtag(req.headers['if-none-match'], page.etag)) {
    for (const [name, value] of notModifiedHeaders(page)) res.setHeader(name, value)
    res.writeHead(304).end()
    return true
  }
  for (const [name, value] of page.headers) res.setHeader(name, value)
  // The compressed copies are made when a page is first served from here (never for a page asked for once).
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  sendKept(res, req.method === 'HEAD', page.body, encoding, encoding && encodedPages.get(page.etag, page.body, encoding))
  return true
}
