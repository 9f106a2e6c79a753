import { defineMiddleware } from 'astro:middleware'
import { logRequest, requestContext } from './app/request-context.ts'
import { runningApp } from './app/runtime.ts'
import { renderSharedPage } from './modules/itinerary/saved/shared-page-cache.ts'
import { errorResponse } from './platform/http.ts'
import { isCrossSiteWrite } from './platform/origin.ts'
import { pagePolicy } from './platform/security-headers.ts'

/** Astro's page policy with frame-ancestors added (a `<meta>` policy cannot carry it, a header can) and the street map's host. */
function withFullPolicy(response: Response, mapStyleUrl: string | undefined): Response {
  try {
    const policy = response.headers.get('content-security-policy')
    if (policy) response.headers.set('content-security-policy', pagePolicy(policy, mapStyleUrl))
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
  const app = runningApp()
  const { headers } = context.request
  const { requestId, logger, clientAddress } = requestContext(app, headers.get('x-request-id'), peerAddress(context), headers.get('x-forwarded-for'))
  context.locals.requestId = requestId
  context.locals.logger = logger
  context.locals.clientAddress = clientAddress
  const started = performance.now()
  // A shared itinerary is kept in memory once rendered (the server answers repeats from there).
  const render = () => next().then((response) => withFullPolicy(response, app.config.mapStyleUrl))
  const response = isCrossSiteWrite(context.request, app.config.publicBaseUrl)
    ? errorResponse(403, 'Cross-site request refused')
    : await renderSharedPage(context.request, context.url.pathname, render, () => context.locals.sharedItinerary)
  try {
    response.headers.set('X-Request-Id', requestId)
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers.
  }
  logRequest(logger, { method: context.request.method, path: context.url.pathname }, response.status, started)
  return response
})
