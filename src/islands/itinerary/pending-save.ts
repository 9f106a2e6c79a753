import { api } from '../session/api.ts'
import { ApiError } from '../session/errors.ts'
import { clearPendingSave, readItineraryState, readPendingSave, writeItineraryState } from './trip-state.ts'

export const SAVE_FAILED = 'Failed to save itinerary. Please try again.'
const FAILURE_KEY = 'roam.pendingSaveFailure'

/**
 * Spec §4, Pending save: after login, the itinerary kept before login is saved and the traveller goes to
 * My Itineraries, which opens that trip (`?saved=`); if that save fails they go where they were going,
 * which then says why.
 */
export async function destinationAfterLogin(from: string): Promise<string> {
  const pending = readPendingSave()
  if (!pending) return from
  clearPendingSave()
  try {
    const saved = await api<{ saved_id: string; title: string }>('/api/itinerary/save', { auth: true, body: pending })
    const state = readItineraryState()
    if (state) writeItineraryState({ ...state, savedId: saved.saved_id, savedTitle: saved.title })
    return `/my-itineraries?saved=${encodeURIComponent(saved.saved_id)}`
  } catch (error) {
    sessionStorage.setItem(FAILURE_KEY, error instanceof ApiError && error.status > 0 ? error.message : SAVE_FAILED)
    return from
  }
}

/** The reason the pending save failed, once (the page shows it after the redirect). */
export function takePendingSaveFailure(): string | null {
  const message = sessionStorage.getItem(FAILURE_KEY)
  if (message) sessionStorage.removeItem(FAILURE_KEY)
  return message
}
