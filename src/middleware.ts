import { defineMiddleware } from 'astro:middleware'
import { randomUUID } from 'node:crypto'
import { runningApp } from './app/runtime.ts'
import { renderSharedPage } from './modules/itinerary/shared-page-cache.ts'

const REQUEST_ID = /^[\w.-]{1,64}$/

/** Gives every request an id (echoed in `X-Request-Id`) and logs one structured line per request. */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next()
  const incoming = context.request.headers.get('x-request-id')
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  const { logger } = runningApp()
  context.locals.requestId = requestId
  context.locals.logger = logger.child({ requestId })
  const started = performance.now()
  // A shared itinerary is kept in memory once rendered (the server answers repeats from there).
  const response = await renderSharedPage(context.request, context.url.pathname, next, () => context.locals.sharedItineraryVersion)
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
