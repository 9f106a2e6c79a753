import { Cause, Effect, Exit, Schema } from 'effect'
import type { Logger } from './logging.ts'

/** An error with the status and message the client should see (DESIGN §5). */
export class HttpError extends Schema.TaggedError<HttpError>()('HttpError', {
  status: Schema.Number,
  message: Schema.String,
}) {}

export const httpError = (status: number, message: string) => new HttpError({ status, message })

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

export function decode<S extends Schema.Codec<unknown, unknown>>(schema: S, input: unknown): Effect.Effect<S['Type'], HttpError> {
  return Effect.mapError(
    Schema.decodeUnknownEffect(schema as Schema.Codec<S['Type'], unknown>)(input, { onExcessProperty: 'ignore' }),
    (error) => httpError(400, describeSchemaError(error)),
  )
}

const MAX_JSON_BYTES = 256 * 1024

/** Reads and decodes a JSON body; unknown fields are ignored, wrong types rejected with a clear message. */
export function decodeJsonBody<S extends Schema.Codec<unknown, unknown>>(schema: S, request: Request): Effect.Effect<S['Type'], HttpError> {
  return Effect.flatMap(
    Effect.tryPromise({
      try: async () => {
        const length = Number(request.headers.get('content-length') ?? 0)
        if (length > MAX_JSON_BYTES) throw httpError(413, 'Request body is too large')
        const text = await request.text()
        if (text.length > MAX_JSON_BYTES) throw httpError(413, 'Request body is too large')
        return text.trim() === '' ? {} : (JSON.parse(text) as unknown)
      },
      catch: (error) => (error instanceof HttpError ? error : httpError(400, 'Request body must be valid JSON')),
    }),
    (body) => decode(schema, body),
  )
}

export function decodeQuery<S extends Schema.Codec<unknown, unknown>>(schema: S, url: URL): Effect.Effect<S['Type'], HttpError> {
  return decode(schema, Object.fromEntries(url.searchParams))
}

/** Errors a module can fail with that carry their own HTTP mapping. */
export interface HasHttpStatus {
  readonly httpStatus: number
  readonly message: string
}

function isHttpMapped(error: unknown): error is HasHttpStatus {
  return typeof error === 'object' && error !== null && typeof (error as HasHttpStatus).httpStatus === 'number'
}

/**
 * Runs an endpoint program: typed failures become JSON errors with their status; anything unexpected is
 * logged with the request id and answered with a 500 that reveals nothing.
 */
export async function respond(program: Effect.Effect<Response, unknown>, logger?: Logger): Promise<Response> {
  const exit = await Effect.runPromiseExit(program)
  if (Exit.isSuccess(exit)) return exit.value
  const failure = exit.cause.reasons.find(Cause.isFailReason)?.error
  if (failure instanceof HttpError) return errorResponse(failure.status, failure.message)
  if (isHttpMapped(failure)) return errorResponse(failure.httpStatus, failure.message)
  if (failure && typeof failure === 'object' && (failure as { _tag?: string })._tag === 'ConcurrencyConflict') {
    return errorResponse(409, 'This was changed elsewhere at the same time. Please try again.')
  }
  logger?.error('request failed', { cause: Cause.pretty(exit.cause) })
  return errorResponse(500, 'Something went wrong')
}
