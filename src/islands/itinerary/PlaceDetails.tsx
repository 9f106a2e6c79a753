import { placeOnMaps } from '../../modules/itinerary/planner/directions.ts'
import { legText } from '../../modules/itinerary/planner/legs.ts'
import { hoursLabel } from '../../modules/itinerary/planner/place-hours.ts'
import { formatDuration, formatHour, type PlanDay, type PlanPlace } from '../../modules/itinerary/planner/plan.ts'
import { dayLabel } from './DayCalendar.tsx'
import styles from './place-editor.module.css'

/** "historic_site" → "Historic site", "castle_palace" → "Castle or palace". */
const kindText = (kind: string) => {
  const words = kind === 'castle_palace' ? 'castle or palace' : kind === 'zoo_aquarium' ? 'zoo or aquarium' : kind.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** " (in French)" for an article of another Wikipedia than the English one. */
const articleLanguage = (url: string) => {
  const language = /^https:\/\/([a-z-]+)\.wikipedia\.org\//.exec(url)?.[1]
  if (!language || language === 'en') return ''
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language)
  return name && name !== language ? ` (in ${name})` : ''
}

/**
 * What the plan knows of a place, in any mode: its kind, address, hours on the day's date, the visit and the
 * leg to it, where to see it on a map, and its Wikipedia article where the places provider links one. Facts the data lacks are left out, never made up.
 */
export function PlaceDetails({ day, place }: { day: PlanDay; place: PlanPlace }) {
  const [kind] = place.categories ?? []
  const hours = hoursLabel(place.opening_hours, day.date)
  const maps = placeOnMaps(place)
  return (
    <div className={styles.details}>
      <dl className={styles.facts}>
        <div>
          <dt>When</dt>
          <dd>
            {dayLabel(day)}, {formatHour(place.start_time)}–{formatHour(place.start_time + place.visit_duration)} ({formatDuration(place.visit_duration)})
          </dd>
        </div>
        {place.travel_time_from_previous > 0 && (
          <div>
            <dt>Getting there</dt>
            <dd>{legText(place.travel_time_from_previous, place.travel_mode)} from the previous place</dd>
          </div>
        )}
        {kind && (
          <div>
            <dt>Kind</dt>
            <dd>{kindText(kind)}</dd>
          </div>
        )}
        {place.address && (
          <div>
            <dt>Address</dt>
            <dd>{place.address}</dd>
          </div>
        )}
        {hours && (
          <div>
            <dt>Hours</dt>
            <dd>{hours}</dd>
          </div>
        )}
      </dl>
      <p className={styles.links}>
        <a href={maps.openStreetMap} target="_blank" rel="noopener noreferrer" aria-label={`${place.name} on OpenStreetMap (opens in a new tab)`}>
          See on OpenStreetMap
        </a>
        <a href={maps.googleMaps} target="_blank" rel="noopener noreferrer" aria-label={`${place.name} in Google Maps (opens in a new tab)`}>
          See in Google Maps
        </a>
        {place.wikipedia && (
          <a
            href={place.wikipedia}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${place.name} on Wikipedia${articleLanguage(place.wikipedia)} (opens in a new tab)`}
          >
            Read about it on Wikipedia{articleLanguage(place.wikipedia)}
          </a>
        )}
      </p>
    </div>
  )
}
