import type { APIRoute } from 'astro'
import { runHandler, type Handler } from '../platform/http.ts'
import type { AppServices } from './layer.ts'
import { runningApp } from './runtime.ts'

/** An API page: `export const POST = endpoint(handleLogin)`. Runs the module's handler on the app's runtime. */
export const endpoint =
  (handler: Handler<AppServices>): APIRoute =>
  (context) =>
    runHandler(
      runningApp().runtime,
      handler,
      { request: context.request, url: context.url, params: context.params, clientAddress: context.locals.clientAddress },
      { requestId: context.locals.requestId, logger: context.locals.logger },
    )
