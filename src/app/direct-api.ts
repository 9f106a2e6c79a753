import type { IncomingMessage, ServerResponse } from 'node:http'
import { handleFeed, handleLike, handleUserSearch } from '../modules/roam-share/http.ts'
import { errorResponse, runHandler, textBodyOf, type Handler } from '../platform/http.ts'
import { isCrossSiteWrite } from '../platform/origin.ts'
import type { AppServices } from './layer.ts'
import { logRequest, requestContext } from './request-context.ts'
import type { RunningApp } from './runtime.ts'

interface DirectRoute {
  readonly method: string
  readonly path: RegExp
  /** The route's parameters, decoded, by the names of its `src/pages/api` file. */
  readonly params: (match: RegExpExecArray) => Record<string, string>
  readonly handler: Handler<AppServices>
}

/**
 * The busiest API routes (the feed, likes, user search as it is typed), answered before Astro: its page pipeline (static-file lookup, route matching,
 * page module loading) costs more than these routes' own work. Each runs the same handler as its file in
 * `src/pages/api` (which stays the route's definition and serves it under `astro dev`), with the same
 * request id, client address, cross-site refusal and log line as the middleware.
 */
const ROUTES: readonly DirectRoute[] = [
  { method: 'GET', path: /^\/api\/roam-share-posts\/?$/, params: () => ({}), handler: handleFeed },
  { method: 'POST', path: /^\/api\/roam-share-posts\/like\/([^/]+)\/?$/, params: (match) => ({ post_id: decodeURIComponent(match[1]!) }), handler: handleLike },
  { method: 'GET', path: /^\/api\/roam-share-posts\/user-search$/, params: () => ({}), handler: handleUserSearch },
]

function route(method: string | undefined, url: string) {
  const pathname = url.split('?', 1)[0]!
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue
    const match = candidate.path.exec(pathname)
    if (!match) continue
    try {
      return { pathname, route: candidate, params: candidate.params(match) }
    } catch {
      return undefined // a malformed escape: Astro answers it
    }
  }
  return undefined
}

function webRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  return new Request(url, { method: req.method, headers })
}

/** Serves the request when it is one of the direct routes (true), else leaves it to Astro (false). */
export function serveDirectApi(req: IncomingMessage, res: ServerResponse, app: RunningApp): boolean {
  const found = req.url ? route(req.method, req.url) : undefined
  if (!found) return false
  const started = performance.now()
  const url = new URL(req.url!, app.config.publicBaseUrl)
  const request = webRequest(req, url)
  const context = requestContext(
    app,
    req.headers['x-request-id'] as string | undefined,
    req.socket.remoteAddress ?? 'gone',
    request.headers.get('x-forwarded-for'),
  )
  const answer = isCrossSiteWrite(request, app.config.publicBaseUrl)
    ? Promise.resolve(errorResponse(403, 'Cross-site request refused'))
    : runHandler(app.runtime, found.route.handler, { request, url, params: found.params, clientAddress: context.clientAddress }, context)
  void answer
    .then(async (response) => {
      const body = textBodyOf(response) ?? Buffer.from(await response.arrayBuffer())
      response.headers.forEach((value, name) => res.setHeader(name, value))
      res.setHeader('x-request-id', context.requestId)
      res.setHeader('content-length', Buffer.byteLength(body))
      res.writeHead(response.status)
      res.end(body)
      logRequest(context.logger, { method: req.method!, path: found.pathname }, response.status, started)
    })
    .catch((error: unknown) => {
      context.logger.error('request failed', { cause: String(error) })
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ error: 'Something went wrong', message: 'Something went wrong' }))
    })
  return true
}
