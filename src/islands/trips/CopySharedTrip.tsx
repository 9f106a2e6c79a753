import type { TripSnapshot } from '../../modules/itinerary/saved/trip-snapshot.ts'
import { tripCitiesText, tripCardOf } from '../../modules/roam-share/trip-card.ts'
import { api } from '../session/api.ts'
import { Loaded } from '../ui/Loaded.tsx'
import { useLoad } from '../ui/use-load.ts'
import { UseTrip } from './TripDays.tsx'

/** "Copy this trip" from a shared page (`/itinerary?copy=<shareId>`): the trip, a start date, then the planner. */
export function CopySharedTrip({ shareId }: { readonly shareId: string }) {
  const load = useLoad((signal) => api<TripSnapshot>(`/api/saved-itineraries/shared/${encodeURIComponent(shareId)}/trip`, { signal }), [shareId])
  return (
    <div className="container container--narrow page-body stack">
      <Loaded load={load} loading="Loading the trip…">
        {(trip) => (
          <>
            <span className="eyebrow">Copy this trip</span>
            <h1>{trip.title}</h1>
            <p className="muted">{tripCitiesText(tripCardOf(trip))}. The copy is yours to change: the same places each day, planned on the dates you choose.</p>
            <UseTrip trip={trip} label="Copy this trip" />
          </>
        )}
      </Loaded>
    </div>
  )
}
