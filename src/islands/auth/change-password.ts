import { ApiError } from '../session/errors.ts'

/**
 * What a failed password change tells the user (spec §8, Account): the server's `error` field after
 * "Password update failed: ", "Unknown error" when the answer has none, and a fixed line when no
 * answer came at all (network failure or timeout).
 */
export function changePasswordFailure(failure: unknown): string {
  if (!(failure instanceof ApiError) || failure.status === 0) return 'Internal server error, please try again later'
  const error = (failure.data as { error?: unknown } | null)?.error
  return `Password update failed: ${typeof error === 'string' && error ? error : 'Unknown error'}`
}
