import { useState, type FormEvent } from 'react'
import { ApiError } from '../session/errors.ts'

/** A check made before the call (e.g. "Passwords do not match"): shown as the form's error, nothing is sent. */
export class FormProblem extends Error {}

/** What a finished action asks of the form: a success line to show, or to stay busy while the page moves on. */
export interface SubmitOutcome {
  readonly success?: string
  readonly navigating?: boolean
}

/** The message of a failed call as a form shows it: the server's words, or a fallback when no answer came. */
export function failureText(error: unknown, fallback = 'Something went wrong'): string {
  return error instanceof ApiError ? error.message : fallback
}

/**
 * The life of one form action: busy while it runs, then its failure's text or its success line.
 * `onSubmit(action)` is the form's submit handler; `run(action)` serves a second button of the form.
 */
export function useSubmit(options: { readonly describeFailure?: (failure: unknown) => string } = {}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)

  async function run(action: () => Promise<SubmitOutcome | void>) {
    setError(null)
    setSuccess(null)
    setBusy(true)
    try {
      const outcome = await action()
      if (outcome?.success) setSuccess(outcome.success)
      if (!outcome?.navigating) setBusy(false)
    } catch (failure) {
      setError(failure instanceof FormProblem ? failure.message : (options.describeFailure ?? failureText)(failure))
      setBusy(false)
    }
  }

  const onSubmit = (action: () => Promise<SubmitOutcome | void>) => (event: FormEvent) => {
    event.preventDefault()
    void run(action)
  }

  /** Takes the error away, e.g. once the input it was about has been put right. */
  const clearError = () => setError(null)

  return { busy, error, success, run, onSubmit, clearError }
}
