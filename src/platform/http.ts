import { Cause, Effect, Exit, Schema, type ManagedRuntime } from 'effect'
import { BadRequest, HttpHeaders, HttpStatus, isClientError, PayloadTooLarge, UnsupportedMediaType } from './errors.ts'
import { CurrentRequest, Log, type Logger } from './logging.ts'
import { OwnWrites, ownWritesCookie, ownWritesFrom, type OwnWritesState } from './own-writes.ts'

/** One API request as a module's handler sees it. */
export interface ApiRequest {
  readonly request: Request
  readonly url: URL
  /** The route's dynamic segments (`/api/things/[id]` → `{ id }`). */
  readonly params: Readonly<Record<string, string | undefined>>
  readonly clientAddress: string
}

/** A module handler from request to response: what a row of the API route table runs (platform/api-route.ts). */
export type Handler<R> = (request: ApiRequest) => Effect.Effect<Response, unknown, R>

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return jsonText(status === 204 ? null : JSON.stringify(body), status, headers)
}

const textBodies = new WeakMap<Response, string>()

/** An answer whose JSON is already text (e.g. written by PostgreSQL). */
export function jsonText(body: string | null, status = 200, headers: HeadersInit = {}): Response {
  const response = new Response(body, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
  if (body !== null) textBodies.set(response, body)
  return response
}

/** The text a JSON answer was made of: a server writing it to a socket need not read the response's stream. */
export const textBodyOf = (response: Response): string | undefined => textBodies.get(response)

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

/** Text the database cannot store (NUL) or that is not Unicode (a lone surrogate): refused as input. */
function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed()
  if (typeof value !== 'object' || value === null || depth > 64) return false
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1))
  return Object.entries(value).some(([key, item]) => hasUnstorableText(key) || hasUnstorableText(item, depth + 1))
}

export function decode<S extends Schema.Codec<unknown, unknown>>(schema: S, input: unknown): Effect.Effect<S['Type'], BadRequest> {
  if (hasUnstorableText(input)) return Effect.fail(new BadRequest({ message: 'Request contains characters that are not allowed' }))
  return Effect.mapError(
    Schema.decodeUnknownEffect(schema as Schema.Codec<S['Type'], unknown>)(input, { onExcessProperty: 'ignore' }),
    (error) => new BadRequest({ message: describeSchemaError(error) }),
  )
}

/** The most a JSON body may hold; uploads have their own limits. */
export const MAX_JSON_BYTES = 256 * 1024

/**
 * Reads a body as it arrives and stops at `maxBytes`: a client that sends more (with or without a
 * Content-Length) gets a 413 once the limit is crossed, and the rest is never read into memory.
 */
export function readBody(request: Request, maxBytes: number): Effect.Effect<Uint8Array, PayloadTooLarge | BadRequest> {
  return Effect.tryPromise({
    try: async () => {
      const declared = Number(request.headers.get('content-length') ?? 0)
      if (declared > maxBytes) throw new PayloadTooLarge()
      if (!request.body) return new Uint8Array(0)
      const reader = request.body.getReader()
      const chunks: Uint8Array[] = []
      let size = 0
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        size += value.byteLength
        if (size > maxBytes) {
          await reader.cancel().catch(() => {})
          throw new PayloadTooLarge()
        }
        chunks.push(value)
      }
      return Buffer.concat(chunks, size)
    },
    catch: (error) => (error instanceof PayloadTooLarge ? error : new BadRequest({ message: 'The request body could not be read' })),
  })
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads and decodes a JSON body (at most MAX_JSON_BYTES, streamed); unknown fields are ignored, wrong
 * types rejected with a clear message. A body of another media type is a 415; an empty one is `{}`.
 */
export function decodeJsonBody<S extends Schema.Codec<unknown, unknown>>(
  schema: S,
  request: Request,
): Effect.Effect<S['Type'], BadRequest | PayloadTooLarge | UnsupportedMediaType> {
  const type = request.headers.get('content-type')
  if (type !== null && !JSON_TYPE.test(type))
    return Effect.fail(new UnsupportedMediaType({ message: 'Request body must be JSON (Content-Type: application/json)' }))
  return readBody(request, MAX_JSON_BYTES).pipe(
    Effect.flatMap((bytes): Effect.Effect<unknown, BadRequest | UnsupportedMediaType> => {
      if (bytes.byteLength > 0 && type === null)
        return Effect.fail(new UnsupportedMediaType({ message: 'Request body must be JSON (Content-Type: application/json)' }))
      return Effect.try({
        try: () => {
          const text = utf8.decode(bytes)
          return text.trim() === '' ? {} : (JSON.parse(text) as unknown)
        },
        catch: () => new BadRequest({ message: 'Request body must be valid JSON' }),
      })
    }),
    Effect.flatMap((body) => decode(schema, body)),
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

/** The response with a cookie added (a copy when its headers cannot change, as a redirect's). */
function withCookie(response: Response, cookie: string): Response {
  try {
    response.headers.append('set-cookie', cookie)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.append('set-cookie', cookie)
    return copy
  }
}

/**
 * Runs a handler on the app's runtime, with the request's id and logger, and answers. The answer to a
 * command whose events an async read model reads carries their position (`OwnWrites`), which the same
 * client's next reads of those models wait for.
 */
export async function runHandler<R>(
  runtime: ManagedRuntime.ManagedRuntime<R, unknown>,
  handler: Handler<R>,
  request: ApiRequest,
  context: { readonly requestId: string; readonly logger: Logger },
): Promise<Response> {
  const ownWrites: OwnWritesState = { readAfter: ownWritesFrom(request.request.headers.get('cookie')), written: undefined }
  const program = handler(request).pipe(
    Effect.provideService(Log, context.logger),
    Effect.provideService(CurrentRequest, { requestId: context.requestId }),
    Effect.provideService(OwnWrites, ownWrites),
  )
  const response = respond(await runtime.runPromiseExit(program), context.logger)
  return ownWrites.written ? withCookie(response, ownWritesCookie(ownWrites.written, request.url.protocol === 'https:')) : response
}
