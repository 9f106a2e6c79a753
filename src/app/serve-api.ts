import { Effect } from 'effect'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ReadableStream } from 'node:stream/web'
import { errorResponse, runHandler, textBodyOf } from '../platform/http.ts'
import { PRIVATE_COPY } from '../platform/api-route.ts'
import { isCrossSiteWrite } from '../platform/origin.ts'
import { apiRouter } from './api-router.ts'
import { apiRoutes } from './api-routes.ts'
import { logRequest, requestContext } from './request-context.ts'
import type { RunningApp } from './runtime.ts'

const findRoute = apiRouter(apiRoutes)

/** The request as a handler reads it: headers as sent, the body streamed as the handler reads it (never before). */
function webRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(url, { method: req.method, headers, ...(hasBody ? { body: ReadableStream.from<Uint8Array>(req), duplex: 'half' } : {}) })
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: OutgoingHttpHeaders = Object.fromEntries(response.headers)
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  // An answer already held as text (JSON written by PostgreSQL, most answers) goes out in one write.
  const text = textBodyOf(response)
  if (text !== undefined) {
    res.writeHead(response.status, { ...headers, 'content-length': Buffer.byteLength(text) })
    res.end(text)
    return
  }
  res.writeHead(response.status, headers)
  if (response.body) await pipeline(Readable.fromWeb(response.body), res)
  else res.end()
}

/**
 * Answers a request for one of the API routes of `src/app/api-routes.ts` (true), before Astro's page
 * pipeline, or leaves it to the next handler (false). Every route gets the same request id, client
 * address, cross-site refusal and log line as Astro's middleware gives pages. `npm start` and `astro dev`
 * both serve the API through here.
 */
export function serveApi(req: IncomingMessage, res: ServerResponse, app: () => RunningApp): boolean {
  const pathname = req.url?.split('?', 1)[0]
  const found = req.method && pathname?.startsWith('/') ? findRoute(req.method, pathname) : undefined
  if (!found) return false
  const started = performance.now()
  const running = app()
  const url = new URL(`${new URL(running.config.publicBaseUrl).origin}${req.url}`)
  const request = webRequest(req, url)
  const context = requestContext(
    running,
    req.headers['x-request-id'] as string | undefined,
    req.socket.remoteAddress ?? 'gone',
    request.headers.get('x-forwarded-for'),
  )
  const { method, path, handler, offline } = found.route
  const answer = isCrossSiteWrite(request, running.config.publicBaseUrl)
    ? Promise.resolve(errorResponse(403, 'Cross-site request refused'))
    : runHandler(
        running.runtime,
        (input) => Effect.withSpan(handler(input), `${method} ${path}`),
        { request, url, params: found.params, clientAddress: context.clientAddress },
        context,
      )
  void answer
    .then((response) => {
      if (offline === 'private' && response.status === 200) response.headers.set('cache-control', PRIVATE_COPY)
      res.setHeader('x-request-id', context.requestId)
      logRequest(context.logger, { method: req.method!, path: pathname! }, response.status, started)
      return writeResponse(res, response)
    })
    .catch((error: unknown) => {
      if (res.headersSent) return void res.destroy()
      context.logger.error('request failed', { cause: String(error) })
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ error: 'Something went wrong', message: 'Something went wrong' }))
    })
  return true
}
