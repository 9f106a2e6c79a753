/** The line under a form: an error is announced at once, a success politely. Renders nothing when empty. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <div className="form-message">
      <div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
      <div role="status">{success ? <p className="form-success">{success}</p> : null}</div>
    </div>
  )
}
