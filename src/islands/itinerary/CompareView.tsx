import { compareItineraries, movedFrom, resizedText, summaryOf, type DayComparison } from '../../modules/itinerary/planner/compare.ts'
import { formatDay, formatDuration, formatHour, type PlanDay, type PlanPlace } from '../../modules/itinerary/planner/plan.ts'
import { PinIcon } from './DayCalendar.tsx'
import styles from './compare.module.css'

export interface CompareViewProps {
  readonly before: readonly PlanDay[]
  readonly after: readonly PlanDay[]
  /** Column headings, e.g. "Now" and "Re-planned", or two versions' names. */
  readonly beforeLabel: string
  readonly afterLabel: string
}

type Mark = 'added' | 'removed' | 'moved' | 'resized' | 'kept'
const MARK_TEXT: Record<Mark, string> = { added: 'Added', removed: 'Removed', moved: 'Moved', resized: 'Length changed', kept: '' }
const MARK_CLASS: Record<Mark, string | undefined> = {
  added: styles.added,
  removed: styles.removed,
  moved: styles.moved,
  resized: styles.moved,
  kept: undefined,
}

function PlaceRow({ place, mark, note }: { place: PlanPlace; mark: Mark; note?: string | undefined }) {
  return (
    <li className={MARK_CLASS[mark] ? `${styles.place} ${MARK_CLASS[mark]}` : styles.place}>
      <span>{formatHour(place.start_time)}</span>
      <span className={styles.name}>
        {place.locked && <PinIcon />}
        {place.name}
      </span>
      <span className={styles.meta}>
        {formatDuration(place.visit_duration)}
        {place.locked && <span className={styles.badge}>Locked</span>}
        {MARK_TEXT[mark] && <span className={styles.badge}>{MARK_TEXT[mark]}</span>}
        {note && <span>{note}</span>}
      </span>
    </li>
  )
}

function DayBlock({ day, beforeLabel, afterLabel }: { day: DayComparison; beforeLabel: string; afterLabel: string }) {
  const removed = new Set(day.removed.map((place) => place.id))
  const added = new Set(day.added.map((place) => place.id))
  const moved = new Map(day.moved.map((move) => [move.place.id, move]))
  const resized = new Map(day.resized.map((resize) => [resize.place.id, resize]))
  const changed = day.added.length + day.removed.length + day.moved.length + day.resized.length > 0
  return (
    <section className={changed ? `${styles.day} ${styles.changed}` : styles.day} aria-label={`Day ${day.day}, ${day.city}`}>
      <h3 className={styles.dayTitle}>
        Day {day.day} · {day.city}
        {day.date && <span className={styles.date}> · {formatDay(day.date)}</span>}
        <span className={styles.daySummary}>
          {changed
            ? summaryOf({ days: [day], added: day.added.length, removed: day.removed.length, moved: day.moved.length, resized: day.resized.length })
            : 'Unchanged'}
        </span>
      </h3>
      <div className={styles.columns}>
        <div className={styles.column}>
          <h4>{beforeLabel}</h4>
          <ul>
            {day.before.length === 0 && <li className="muted">No places</li>}
            {day.before.map((place) => (
              <PlaceRow key={place.id} place={place} mark={removed.has(place.id) ? 'removed' : 'kept'} />
            ))}
          </ul>
        </div>
        <div className={styles.column}>
          <h4>{afterLabel}</h4>
          <ul>
            {day.after.length === 0 && <li className="muted">No places</li>}
            {day.after.map((place) => {
              const move = moved.get(place.id)
              const resize = resized.get(place.id)
              const notes = [move && movedFrom(move), resize && resizedText(resize)].filter(Boolean).join('; ')
              return (
                <PlaceRow
                  key={place.id}
                  place={place}
                  mark={added.has(place.id) ? 'added' : move ? 'moved' : resize ? 'resized' : 'kept'}
                  note={notes || undefined}
                />
              )
            })}
          </ul>
        </div>
      </div>
    </section>
  )
}

/** Two itineraries side by side, day by day, with what was added, removed and moved marked in words. */
export function CompareView({ before, after, beforeLabel, afterLabel }: CompareViewProps) {
  const comparison = compareItineraries(before, after)
  return (
    <div className={styles.compare}>
      <p className={styles.summary} role="status">
        {summaryOf(comparison)}
      </p>
      {comparison.days.map((day) => (
        <DayBlock key={day.day} day={day} beforeLabel={beforeLabel} afterLabel={afterLabel} />
      ))}
    </div>
  )
}
