import { randomUUID } from 'node:crypto'
import { clientAddress } from '../platform/client-address.ts'
import type { Logger } from '../platform/logging.ts'
import type { RunningApp } from './runtime.ts'

const REQUEST_ID = /^[\w.-]{1,64}$/

export interface RequestContext {
  /** The caller's `X-Request-Id` when it is a sane one, else a new id; echoed in the answer. */
  readonly requestId: string
  readonly logger: Logger
  /** The client's address, through trusted proxies only. */
  readonly clientAddress: string
}

/** What every request carries through the app, whichever way it is served (Astro's middleware for pages, serve-api.ts for the API route table). */
export function requestContext(app: RunningApp, incomingId: string | null | undefined, peer: string, forwardedFor: string | null | undefined): RequestContext {
  const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID()
  return {
    requestId,
    logger: app.logger.child({ requestId }),
    clientAddress: clientAddress(peer, forwardedFor ?? null, app.config.trustProxy),
  }
}

/** The one structured line logged per request. */
export function logRequest(logger: Logger, request: { readonly method: string; readonly path: string }, status: number, startedAt: number): void {
  logger.info('request', { method: request.method, path: request.path, status, ms: Math.round(performance.now() - startedAt) })
}
