import { hoursLabel, OSM_ATTRIBUTION, showsOpenStreetMap } from '../../modules/itinerary/planner/place-hours.ts'
import { legText } from '../../modules/itinerary/planner/legs.ts'
import {
  dayEntries,
  dayPlace,
  dayTripRideText,
  emptyDayText,
  formatDay,
  formatDuration,
  formatHour,
  breakText,
  type PlanDay,
  type PlanPlace,
} from '../../modules/itinerary/planner/plan.ts'
import styles from './day-list.module.css'

/** The itinerary as a list of days (the print-friendly view: the calendar grid does not print well). */
export function DayList({ title, days }: { title: string; days: readonly PlanDay[] }) {
  return (
    <section className={styles.list} aria-label={`${title}, day by day`}>
      <h1>{title}</h1>
      {days.map((day) => (
        <article key={day.day} className={styles.day}>
          <h2>
            Day {day.day} · {dayPlace(day)}
            {day.date && <span> — {formatDay(day.date)}</span>}
            {dayTripRideText(day) && <span> · {dayTripRideText(day)}</span>}
          </h2>
          {day.journey && <p>{day.journey}</p>}
          {day.places.length === 0 ? (
            <p>{emptyDayText(day)}</p>
          ) : (
            <ol>
              {dayEntries(day).map((entry) =>
                entry.kind === 'break' ? (
                  <li key={entry.pause.kind} className={styles.lunch}>
                    {breakText(entry.pause)}
                  </li>
                ) : (
                  <PlaceItem key={`${entry.place.id}-${entry.index}`} place={entry.place} date={day.date} />
                ),
              )}
            </ol>
          )}
        </article>
      ))}
      {showsOpenStreetMap(days) && <p className={styles.credit}>{OSM_ATTRIBUTION}</p>}
    </section>
  )
}

function PlaceItem({ place, date }: { place: PlanPlace; date: string | null }) {
  return (
    <li>
      <strong>
        {formatHour(place.start_time)}–{formatHour(place.start_time + place.visit_duration)} {place.name}
      </strong>
      {place.address && <span> · {place.address}</span>}
      <span>
        {' '}
        · {formatDuration(place.visit_duration)}
        {place.travel_time_from_previous > 0 ? ` · ${legText(place.travel_time_from_previous, place.travel_mode)} from the previous place` : ''}
        {hoursLabel(place.opening_hours, date) ? ` · ${hoursLabel(place.opening_hours, date)}` : ''}
      </span>
    </li>
  )
}
