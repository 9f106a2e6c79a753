import { defineMiddleware } from 'astro:middleware'
import { randomUUID } from 'node:crypto'
import { runningApp } from './app/runtime.ts'
import { renderSharedPage } from './modules/itinerary/shared-page-cache.ts'
import { clientAddress } from './platform/client-address.ts'
import { errorResponse } from './platform/http.ts'
import { isCrossSiteWrite } from './platform/origin.ts'
import { withFrameAncestors } from './platform/security-headers.ts'

const REQUEST_ID = /^[\w.-]{1,64}$/

/** Astro's page policy with frame-ancestors added (a `<meta>` policy cannot carry it, a header can). */
function withFullPolicy(response: Response): Response {
  try {
    const policy = response.headers.get('content-security-policy')
    if (policy) response.headers.set('content-security-policy', withFrameAncestors(policy))
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers.
  }
  return response
}

/** The socket's peer; Astro throws when the client has already hung up (nobody is left to answer). */
function peerAddress(context: { readonly clientAddress: string }): string {
  try {
    return context.clientAddress
  } catch {
    return 'gone'
  }
}

/**
 * Gives every request an id (echoed in `X-Request-Id`) and the client's address (through trusted
 * proxies only), refuses writes from other sites, and logs one structured line per request.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next()
  const incoming = context.request.headers.get('x-request-id')
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  const { logger, config } = runningApp()
  context.locals.requestId = requestId
  context.locals.logger = logger.child({ requestId })
  context.locals.clientAddress = clientAddress(peerAddress(context), context.request.headers.get('x-forwarded-for'), config.trustProxy)
  const started = performance.now()
  // A shared itinerary is kept in memory once rendered (the server answers repeats from there).
  const render = () => next().then(withFullPolicy)
  const response = isCrossSiteWrite(context.request, config.publicBaseUrl)
    ? errorResponse(403, 'Cross-site request refused')
    : await renderSharedPage(context.request, context.url.pathname, render, () => context.locals.sharedItineraryVersion)
  try {
    response.headers.set('X-Request-Id', requestId)
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers.
  }
  context.locals.logger.info('request', {
    method: context.request.method,
    path: context.url.pathname,
    status: response.status,
    ms: Math.round(performance.now() - started),
  })
  return response
})
