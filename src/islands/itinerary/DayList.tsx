import { hoursLabel, OSM_ATTRIBUTION, showsOpenStreetMap } from '../../modules/itinerary/planner/place-hours.ts'
import { dayPlace, emptyDayText, formatDay, formatDuration, formatHour, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
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
          </h2>
          {day.places.length === 0 ? (
            <p>{emptyDayText(day)}</p>
          ) : (
            <ol>
              {day.places.map((place, index) => (
                <li key={`${place.id}-${index}`}>
                  <strong>
                    {formatHour(place.start_time)}–{formatHour(place.start_time + place.visit_duration)} {place.name}
                  </strong>
                  {place.address && <span> · {place.address}</span>}
                  <span>
                    {' '}
                    · {formatDuration(place.visit_duration)}
                    {place.travel_time_from_previous > 0 ? ` · ${place.travel_time_from_previous} min travel from the previous place` : ''}
                    {hoursLabel(place.opening_hours, day.date) ? ` · ${hoursLabel(place.opening_hours, day.date)}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </article>
      ))}
      {showsOpenStreetMap(days) && <p className={styles.credit}>{OSM_ATTRIBUTION}</p>}
    </section>
  )
}
