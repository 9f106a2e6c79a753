/** A failed call: the message the user should see, the HTTP status (0 when no answer came) and the body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

/** Spec §8: the body's `error`, else its `message`, else "HTTP {status} {statusText}". */
export function errorMessage(status: number, statusText: string, data: unknown): string {
  if (data && typeof data === 'object') {
    const { error, message } = data as { error?: unknown; message?: unknown }
    if (typeof error === 'string' && error) return error
    if (typeof message === 'string' && message) return message
  }
  return `HTTP ${status} ${statusText}`.trim()
}
