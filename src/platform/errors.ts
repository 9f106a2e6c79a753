import { Schema } from 'effect'

/**
 * The HTTP status an error answers with. Every error a client may see declares it once, on its class
 * (`readonly [HttpStatus] = 409`); `respond` in http.ts is the one place that reads it. A symbol from the
 * global registry, so errors raised in the server bundle and in the launcher map the same way.
 */
export const HttpStatus: unique symbol = Symbol.for('roam/HttpStatus') as never

/** Extra response headers an error asks for (e.g. `Retry-After` on a 429). */
export const HttpHeaders: unique symbol = Symbol.for('roam/HttpHeaders') as never

export interface ClientError {
  readonly [HttpStatus]: number
  readonly [HttpHeaders]?: Readonly<Record<string, string>>
  readonly message: string
}

export const isClientError = (error: unknown): error is ClientError =>
  typeof error === 'object' && error !== null && typeof (error as Partial<ClientError>)[HttpStatus] === 'number'

/** A request whose body, query or parameters are not what the endpoint accepts. */
export class BadRequest extends Schema.TaggedError<BadRequest>()('BadRequest', { message: Schema.String }) {
  readonly [HttpStatus] = 400
}

export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()('PayloadTooLarge', {}) {
  readonly [HttpStatus] = 413
  override get message() {
    return 'Request body is too large'
  }
}

export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()('UnsupportedMediaType', { message: Schema.String }) {
  readonly [HttpStatus] = 415
}

/** A rule of the product was broken by otherwise well-formed input (the message says which). */
export class RuleViolated extends Schema.TaggedError<RuleViolated>()('RuleViolated', { message: Schema.String }) {
  readonly [HttpStatus] = 422
}

/** Missing, or not the caller's: both answer 404 so that ids of others' things reveal nothing. */
export class NotFound extends Schema.TaggedError<NotFound>()('NotFound', { message: Schema.String }) {
  readonly [HttpStatus] = 404
}
