import { api } from '../session/api.ts'
import { ApiError } from '../session/errors.ts'

/** Spec §8: the share failures, word for word. */
export const SHARE_FAILED = 'Failed to generate share link'
export const SHARE_ERROR = 'Error generating share link'

/**
 * The read-only link of a saved trip (POST /api/saved-itineraries/:id/share), for My Itineraries' cards and
 * the itinerary page; fails with the spec's words: the server's refusal, or no answer at all.
 */
export async function shareLink(savedId: string): Promise<string> {
  try {
    const answer = await api<{ share_url?: string }>(`/api/saved-itineraries/${encodeURIComponent(savedId)}/share`, { auth: true, method: 'POST' })
    if (!answer?.share_url) throw new ApiError(SHARE_FAILED, 200)
    return answer.share_url
  } catch (error) {
    throw new Error(error instanceof ApiError && error.status > 0 ? SHARE_FAILED : SHARE_ERROR)
  }
}
