import type { SavedItineraryView } from '../../modules/itinerary/saved/views.ts'
import type { TripCard } from '../../modules/roam-share/trip-card.ts'
import { api } from '../session/api.ts'
import { FormField } from '../ui/FormField.tsx'
import { useLoad } from '../ui/use-load.ts'

/** What the post form does with its trip: keep the one attached, attach none, or attach a saved trip (its id). */
export type TripChoice = 'keep' | 'none' | { readonly savedId: string }

/** The post form's fields for that choice (keep: none sent, so the post keeps its trip). */
export function appendTripChoice(form: FormData, choice: TripChoice, hadTrip: boolean): void {
  if (typeof choice === 'object') form.append('trip_id', choice.savedId)
  else if (choice === 'none' && hadTrip) form.append('remove_trip', 'true')
}

const valueOf = (choice: TripChoice) => (typeof choice === 'object' ? choice.savedId : choice)

interface AttachTripProps {
  readonly choice: TripChoice
  readonly onChange: (choice: TripChoice) => void
  /** The trip the edited post carries now. */
  readonly attached: TripCard | null
}

/** "Attach a trip": one of the author's saved itineraries, kept with the post as it is now. */
export function AttachTrip({ choice, onChange, attached }: AttachTripProps) {
  const saved = useLoad((signal) => api<SavedItineraryView[]>('/saved-itineraries/user-full', { auth: true, signal }), [])
  const trips = saved.data ?? []
  const hint = saved.error
    ? 'Your saved trips could not be loaded.'
    : saved.data && trips.length === 0
      ? 'Save a trip in the planner to attach it here.'
      : 'The post keeps the trip as it is now; later changes to the saved trip do not change the post.'
  return (
    <FormField
      as="select"
      label="Attach a trip"
      value={valueOf(choice)}
      hint={hint}
      onChange={(event) => {
        const value = event.target.value
        onChange(value === 'keep' || value === 'none' ? value : { savedId: value })
      }}
    >
      {attached && <option value="keep">Keep the attached trip: {attached.title}</option>}
      <option value="none">No trip</option>
      {trips.map((trip) => (
        <option key={trip.saved_id} value={trip.saved_id}>
          {trip.title} ({trip.itinerary_data.length} {trip.itinerary_data.length === 1 ? 'day' : 'days'})
        </option>
      ))}
    </FormField>
  )
}
