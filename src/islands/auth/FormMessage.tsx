import { ApiError } from '../session/errors.ts'

/** The line under a form: an error is announced at once, a success politely. Renders nothing when empty. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <div className="form-message">
      <div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
      <div role="status">{success ? <p className="form-success">{success}</p> : null}</div>
    </div>
  )
}

/** The message of a failed call as the form shows it: the server's words, or a fallback when no answer came. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message
  return fallback
}
