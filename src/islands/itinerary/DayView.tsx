import { useRef } from 'react'
import type { PlaceRef } from '../../modules/itinerary/planner/edit-rules.ts'
import { legText } from '../../modules/itinerary/planner/legs.ts'
import { hoursLabel } from '../../modules/itinerary/planner/place-hours.ts'
import {
  breakText,
  dayEntries,
  dayTripRideText,
  emptyDayText,
  formatDay,
  formatDuration,
  formatHour,
  type PlanDay,
} from '../../modules/itinerary/planner/plan.ts'
import { Button } from '../ui/Button.tsx'
import { dayLabel, PinIcon } from './DayCalendar.tsx'
import styles from './day-view.module.css'

export interface DayViewProps {
  readonly days: readonly PlanDay[]
  /** The day shown (an index into the days). */
  readonly dayIndex: number
  readonly onDay: (dayIndex: number) => void
  readonly editable: boolean
  /** Opens a place: its details, and in edit mode its edit actions. */
  readonly onOpenPlace: (ref: PlaceRef) => void
  readonly onToggleLock: (ref: PlaceRef, locked: boolean) => void
  /** The place chosen last (on the day's map or here): marked. */
  readonly chosen?: PlaceRef | null | undefined
}

/** How far a finger must travel sideways for a swipe to turn the day. */
const SWIPE_PX = 60

/**
 * The itinerary on a phone: one day at a time, top to bottom (buttons or a swipe turn the day). Each visit
 * shows its time, length, the leg before it and its hours in full, with breaks and day-trip rides between;
 * tapping a visit opens it. The hour grid (DayCalendar) stays on wide screens, with drag and drop.
 */
export function DayView({ days, dayIndex, onDay, editable, onOpenPlace, onToggleLock, chosen }: DayViewProps) {
  const touchStart = useRef<number | null>(null)
  const index = Math.min(Math.max(0, dayIndex), days.length - 1)
  const day = days[index]
  if (!day) return null
  const turn = (to: number) => onDay(Math.min(Math.max(0, to), days.length - 1))
  const ride = dayTripRideText(day)

  return (
    <section
      className={`card card--flat ${styles.view}`}
      aria-label="Day by day"
      onTouchStart={(event) => (touchStart.current = event.touches[0]?.clientX ?? null)}
      onTouchEnd={(event) => {
        const start = touchStart.current
        const end = event.changedTouches[0]?.clientX
        touchStart.current = null
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return
        turn(end < start ? index + 1 : index - 1)
      }}
    >
      <nav className={styles.nav} aria-label="Days">
        <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => turn(index - 1)}>
          Previous day
        </Button>
        <label className={styles.pick}>
          <span className="visually-hidden">Day shown</span>
          <select className="select" value={index} onChange={(event) => turn(Number(event.target.value))}>
            {days.map((other, k) => (
              <option key={other.day} value={k}>
                {dayLabel(other)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" size="sm" disabled={index === days.length - 1} onClick={() => turn(index + 1)}>
          Next day
        </Button>
      </nav>

      <h2 className={styles.heading} aria-live="polite">
        {dayLabel(day)}
        {day.date && <span className={styles.date}>{formatDay(day.date)}</span>}
      </h2>
      {day.journey && <p className={styles.note}>{day.journey}</p>}
      {ride && <p className={styles.note}>{ride}</p>}

      {day.places.length === 0 ? (
        <p className={styles.note}>{emptyDayText(day)}</p>
      ) : (
        <ol className={styles.visits} aria-label={`${dayLabel(day)}, visits in order`}>
          {dayEntries(day).map((entry) => {
            if (entry.kind === 'break')
              return (
                <li key={entry.pause.kind} className={styles.pause}>
                  {breakText(entry.pause)}
                </li>
              )
            const { place, index: at } = entry
            const ref = { day: index, index: at }
            const hours = hoursLabel(place.opening_hours, day.date)
            return (
              <li key={`${place.id}-${at}`} className={styles.entry}>
                {place.travel_time_from_previous > 0 && (
                  <p className={styles.leg}>{legText(place.travel_time_from_previous, place.travel_mode)} from the previous place</p>
                )}
                <div
                  className={[
                    styles.visit,
                    place.locked && styles.locked,
                    chosen?.day === index && chosen.index === at && `${styles.chosen} place-card--chosen`,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <button type="button" className={styles.open} aria-haspopup="dialog" onClick={() => onOpenPlace(ref)}>
                    <span className={styles.time}>
                      {formatHour(place.start_time)}–{formatHour(place.start_time + place.visit_duration)}
                      <span className={styles.length}> · {formatDuration(place.visit_duration)}</span>
                    </span>
                    <span className={styles.name}>
                      {place.locked && <PinIcon />}
                      {place.name}
                      {place.locked && <span className="visually-hidden"> (locked)</span>}
                    </span>
                    {place.address && <span className={styles.address}>{place.address}</span>}
                    {hours && <span className={styles.hours}>{hours}</span>}
                  </button>
                  {editable && (
                    <button
                      type="button"
                      className={place.locked ? `${styles.lock} ${styles.isLocked}` : styles.lock}
                      aria-pressed={place.locked ?? false}
                      aria-label={`${place.locked ? 'Unlock' : 'Lock'} ${place.name}`}
                      onClick={() => onToggleLock(ref, !place.locked)}
                    >
                      <PinIcon />
                    </button>
                  )}
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
