import { Cause, Effect, Exit, Schema, type ManagedRuntime } from 'effect'
import { BadRequest, HttpHeaders, HttpStatus, isClientError, PayloadTooLarge } from './errors.ts'
import { CurrentRequest, Log, type Logger } from './logging.ts'

/** One API request as a module's handler sees it. */
export interface ApiRequest {
  readonly request: Request
  readonly url: URL
  /** The route's dynamic segments (`/api/things/[id]` → `{ id }`). */
  readonly params: Readonly<Record<string, string | undefined>>
  readonly clientAddress: string
}

/** What every `src/pages/api/**` file exports: a module handler from request to response. */
export type Handler<R> = (request: ApiRequest) => Effect.Effect<Response, unknown, R>

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
}

export function errorResponse(status: number, message: string, headers: HeadersInit = {}): Response {
  return json({ error: message, message }, status, headers)
}

/** Turns a schema failure into one short sentence naming the field. */
export function describeSchemaError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const [first = 'Invalid request', ...rest] = text.split('\n')
  const at = rest.find((line) => line.trim().startsWith('at '))
  const field = at
    ? at
        .trim()
        .slice(3)
        .replace(/\["([^"]+)"\]/g, '.$1')
        .replace(/^\./, '')
    : ''
  if (!field) return first === 'Expected object' ? 'Request body must be a JSON object' : first
  if (first === 'Missing key') return `${field} is required`
  if (first.startsWith('Expected')) return `${field}: ${first}`
  return first
}

export function decode<S extends Schema.Codec<unknown, unknown>>(schema: S, input: unknown): Effect.Effect<S['Type'], BadRequest> {
  return Effect.mapError(
    Schema.decodeUnknownEffect(schema as Schema.Codec<S['Type'], unknown>)(input, { onExcessProperty: 'ignore' }),
    (error) => new BadRequest({ message: describeSchemaError(error) }),
  )
}

const MAX_JSON_BYTES = 256 * 1024

/** Reads and decodes a JSON body; unknown fields are ignored, wrong types rejected with a clear message. */
export function decodeJsonBody<S extends Schema.Codec<unknown, unknown>>(schema: S, request: Request): Effect.Effect<S['Type'], BadRequest | PayloadTooLarge> {
  return Effect.flatMap(
    Effect.tryPromise({
      try: async () => {
        const length = Number(request.headers.get('content-length') ?? 0)
        if (length > MAX_JSON_BYTES) throw new PayloadTooLarge()
        const text = await request.text()
        if (text.length > MAX_JSON_BYTES) throw new PayloadTooLarge()
        return text.trim() === '' ? {} : (JSON.parse(text) as unknown)
      },
      catch: (error) => (error instanceof PayloadTooLarge ? error : new BadRequest({ message: 'Request body must be valid JSON' })),
    }),
    (body) => decode(schema, body),
  )
}

export function decodeQuery<S extends Schema.Codec<unknown, unknown>>(schema: S, url: URL): Effect.Effect<S['Type'], BadRequest> {
  return decode(schema, Object.fromEntries(url.searchParams))
}

/**
 * The one place errors become responses: an error that declares an HTTP status answers with it and its
 * message; anything else is logged with the request id and answered with a 500 that reveals nothing.
 */
export function respond(exit: Exit.Exit<Response, unknown>, logger: Logger): Response {
  if (Exit.isSuccess(exit)) return exit.value
  const failure = exit.cause.reasons.find(Cause.isFailReason)?.error
  if (isClientError(failure)) return errorResponse(failure[HttpStatus], failure.message, failure[HttpHeaders])
  logger.error('request failed', { cause: Cause.pretty(exit.cause) })
  return errorResponse(500, 'Something went wrong')
}

/** Runs a handler on the app's runtime, with the request's id and logger, and answers. */
export async function runHandler<R>(
  runtime: ManagedRuntime.ManagedRuntime<R, unknown>,
  handler: Handler<R>,
  request: ApiRequest,
  context: { readonly requestId: string; readonly logger: Logger },
): Promise<Response> {
  const program = handler(request).pipe(Effect.provideService(Log, context.logger), Effect.provideService(CurrentRequest, { requestId: context.requestId }))
  return respond(await runtime.runPromiseExit(program), context.logger)
}
