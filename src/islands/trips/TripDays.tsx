import { useState } from 'react'
import { dayPlace, formatDay, formatDuration, formatHour } from '../../modules/itinerary/planner/plan.ts'
import type { TripSnapshot } from '../../modules/itinerary/saved/trip-snapshot.ts'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Loaded } from '../ui/Loaded.tsx'
import { useLoad } from '../ui/use-load.ts'
import { failureText } from '../ui/use-submit.ts'
import { openCopyInPlanner, proposedStart } from './use-trip.ts'
import styles from './trips.module.css'

interface PostTrip {
  readonly post_id: string
  readonly username: string | null
  readonly trip: TripSnapshot
}

/** A post's trip day by day (read-only, as the shared page shows a trip), and "Use this trip" from a chosen start. */
export function TripDays({ postId }: { readonly postId: string }) {
  const load = useLoad((signal) => api<PostTrip>(`/api/roam-share-posts/trip/${encodeURIComponent(postId)}`, { signal }), [postId])
  return (
    <Loaded load={load} loading="Loading the trip…">
      {({ trip }) => (
        <div className="stack">
          <UseTrip trip={trip} postId={postId} />
          <ol className={`${styles.dayList} ${styles.days}`} aria-label="The trip day by day" tabIndex={0}>
            {trip.days.map((day) => (
              <li key={day.day} className={styles.day}>
                <h3 className={styles.dayTitle}>
                  Day {day.day}
                  {day.date ? ` · ${formatDay(day.date)}` : ''} · {dayPlace(day)}
                </h3>
                {day.places.length > 0 ? (
                  <ol className={styles.places}>
                    {day.places.map((place) => (
                      <li key={place.id}>
                        <span className={styles.time}>{formatHour(place.start_time)}</span> {place.name}{' '}
                        <span className="muted">· {formatDuration(place.visit_duration)}</span>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="muted text-sm">{day.free_time ?? 'Free time'}</p>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Loaded>
  )
}

/** Asks for a start date and opens the trip in the planner as the traveller's own, unsaved. */
export function UseTrip({ trip, postId, label = 'Use this trip' }: { readonly trip: TripSnapshot; readonly postId?: string; readonly label?: string }) {
  const [start, setStart] = useState(() => proposedStart(new Date()))
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const use = async () => {
    if (!start) return setProblem('Choose the date your trip starts.')
    setProblem(null)
    setBusy(true)
    try {
      await openCopyInPlanner(trip, start, postId)
    } catch (error) {
      setProblem(failureText(error, 'The trip could not be planned on these dates. Please try again.'))
      setBusy(false)
    }
  }
  return (
    <form
      className={styles.use}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void use()
      }}
    >
      <label className="stack stack--sm">
        <span className="text-sm">Your trip starts on</span>
        <input className="input" type="date" required value={start} onChange={(event) => setStart(event.target.value)} />
      </label>
      <Button type="submit" variant="primary" loading={busy} loadingText="Planning your copy…">
        {label}
      </Button>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}
