/**
 * Making another traveller's trip one's own: the trip's days moved to the chosen start, planned again with
 * its own places only (each checked against its hours on the new dates; one that no longer fits moves within
 * its city's days or is left out with a notice), then opened in the planner as the traveller's unsaved
 * itinerary. The copy is independent of the post: only the post's id goes with it, for the credit line.
 */
import type { PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { tripEnd, withDatesFrom } from '../../modules/itinerary/planner/trip-dates.ts'
import type { TripSnapshot } from '../../modules/itinerary/saved/trip-snapshot.ts'
import { themeSlug } from '../home/trip-form.ts'
import { generatedState, writeItineraryState, type TripData } from '../itinerary/trip-state.ts'
import { api } from '../session/api.ts'
import { $loggedIn } from '../session/store.ts'

/** A trip's days planned from another start can take a while on a long trip. */
const COPY_TIMEOUT_MS = 60_000

/** The re-plan that moves the trip to `start` and keeps its places (POST /api/itinerary/replan). */
export function copyRequest(trip: TripSnapshot, start: string) {
  const days = withDatesFrom(trip.days, start)
  return {
    origin_city: trip.destinations[0],
    destinations: trip.destinations,
    trip_types: trip.tripType.map(themeSlug),
    pace: trip.tripPace ?? 'moderate',
    start_date: start,
    end_date: tripEnd(start, days.length),
    daysPerCity: trip.daysPerDestination,
    editableItinerary: days,
    onlyCurrentPlaces: true,
  }
}

/** The trip data the planner keeps for the copy: no origin (the journey there is the traveller's own). */
function copiedTripData(trip: TripSnapshot, start: string, dayCount: number, postId: string | undefined): TripData {
  return {
    origin: '',
    destinations: trip.destinations,
    startDate: start,
    endDate: tripEnd(start, dayCount) ?? null,
    tripType: trip.tripType,
    tripPace: trip.tripPace,
    daysPerDestination: trip.daysPerDestination,
    ...(postId ? { basedOnPost: postId } : {}),
  }
}

/**
 * Plans the copy and opens it in the planner. From a post, a signed-in traveller's copy is counted for its
 * author (once per traveller and trip).
 */
export async function openCopyInPlanner(trip: TripSnapshot, start: string, postId?: string): Promise<void> {
  const answer = await api<{ itinerary: PlanDay[]; daysPerCity: Record<string, number>; notices?: string[] }>('/api/itinerary/replan', {
    auth: $loggedIn.get(),
    timeoutMs: COPY_TIMEOUT_MS,
    body: copyRequest(trip, start),
  })
  if (postId && $loggedIn.get()) await api(`/api/roam-share-posts/trip/${encodeURIComponent(postId)}/copy`, { auth: true, method: 'POST' })
  writeItineraryState(generatedState(copiedTripData(trip, start, answer.itinerary.length, postId), answer.itinerary, answer.daysPerCity, answer.notices))
  location.assign('/itinerary')
}

/** The start a copy proposes: a month from today, as YYYY-MM-DD in the traveller's own calendar. */
export function proposedStart(today: Date): string {
  const later = new Date(today.getFullYear(), today.getMonth() + 1, today.getDate())
  return `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}`
}
