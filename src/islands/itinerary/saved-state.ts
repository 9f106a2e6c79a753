import { countsOf } from '../../modules/itinerary/planner/day-split.ts'
import type { PlanDay } from '../../modules/itinerary/planner/plan.ts'
import type { SavedItineraryView } from '../../modules/itinerary/saved/views.ts'
import type { ItineraryPageState, TripData } from './trip-state.ts'

/** A saved itinerary as the page works on it. */
export function fromSaved(saved: SavedItineraryView, editing: boolean): ItineraryPageState {
  const trip = saved.trip_data
  const tripData: TripData = {
    origin: trip.origin,
    destinations: trip.destinations,
    startDate: trip.startDate ?? trip.start_date,
    endDate: trip.endDate ?? trip.end_date,
    tripType: trip.tripType,
    tripPace: trip.tripPace,
    daysPerDestination: trip.daysPerDestination,
    ...(trip.removedPlaces ? { removedPlaces: trip.removedPlaces } : {}),
    ...(trip.stays ? { stays: trip.stays } : {}),
    ...(trip.basedOnPost ? { basedOnPost: trip.basedOnPost } : {}),
  }
  const days = saved.itinerary_data as PlanDay[]
  const counts = countsOf(days, trip.destinations)
  return {
    tripData,
    itineraryData: days,
    daysPerCity: Object.fromEntries(trip.destinations.map((city, index) => [city, counts[index]!])),
    savedTitle: saved.title,
    isEditing: editing,
    savedId: saved.saved_id,
  }
}
