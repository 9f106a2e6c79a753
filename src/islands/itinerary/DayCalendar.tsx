import { useDraggable, useDroppable } from '@dnd-kit/core'
import type { DropPreview } from './drop-preview.ts'
import { CSS } from '@dnd-kit/utilities'
import { useEffect, useRef, type ReactNode } from 'react'
import { hoursLabel } from '../../modules/itinerary/planner/place-hours.ts'
import { legText } from '../../modules/itinerary/planner/legs.ts'
import {
  dayPlace,
  dayTripLabel,
  dayTripRideText,
  BREAK_LABELS,
  type DayBreak,
  formatDay,
  formatDuration,
  formatHour,
  type PlanDay,
  type PlanPlace,
} from '../../modules/itinerary/planner/plan.ts'
import type { CandidatePlace, PlaceRef } from '../../modules/itinerary/planner/edit-rules.ts'
import styles from './day-calendar.module.css'

/** Spec §9: 48 half-hour slots, 100 px of calendar height per hour, first scroll to the day's first visit (10:00 at the latest). */
export const HOUR_PX = 100
export const FIRST_SCROLL_HOUR = 10
/** Where the calendar opens: at the earliest first visit of the days, and never later than FIRST_SCROLL_HOUR. */
export const firstScrollHour = (days: readonly PlanDay[]) =>
  Math.min(FIRST_SCROLL_HOUR, ...days.flatMap((day) => day.places.map((place) => Math.floor(place.start_time))))

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

/** What a drag carries, so the page knows what was dropped where. */
export type DragData =
  | { readonly kind: 'place'; readonly ref: PlaceRef; readonly name: string }
  | { readonly kind: 'explore'; readonly place: CandidatePlace; readonly name: string }
export type DropData = { readonly dayIndex: number; readonly label: string }

/** A drop position in a day column → a start on the half-hour grid. */
export const startAtOffset = (pixels: number) => Math.min(23.5, Math.max(0, Math.round((pixels / HOUR_PX) * 2) / 2))

export const dayLabel = (day: PlanDay) => `Day ${day.day}${day.city ? ` · ${dayPlace(day)}` : ''}`

const placeSummary = (place: PlanPlace, date: string | null) => {
  const hours = hoursLabel(place.opening_hours, date)
  return `${place.name}${place.locked ? ' (locked)' : ''}, ${formatHour(place.start_time)} to ${formatHour(place.start_time + place.visit_duration)}, ${formatDuration(place.visit_duration)}${
    place.travel_time_from_previous > 0 ? `, ${legText(place.travel_time_from_previous, place.travel_mode)} from the previous place` : ''
  }${hours ? `, ${hours}` : ''}`
}

/** The pin a locked place shows on its card. */
export const PinIcon = () => (
  <svg className={styles.pinIcon} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
    <path d="M12.6 2.3a1 1 0 0 1 1.4 0l3.7 3.7a1 1 0 0 1 0 1.4l-1.3 1.3-1.7-.2-2.6 2.6.4 3.3-1.4 1.4-3.1-3.1-4.3 4.3-1.1-1.1 4.3-4.3-3.1-3.1 1.4-1.4 3.3.4 2.6-2.6-.2-1.7z" />
  </svg>
)

function CardBody({ place, date }: { place: PlanPlace; date: string | null }) {
  const hours = hoursLabel(place.opening_hours, date)
  return (
    <>
      <span className={styles.name}>
        {place.locked && <PinIcon />}
        {place.name}
      </span>
      {place.address && <span className={styles.address}>{place.address}</span>}
      <span className={styles.meta}>
        <span>
          {formatHour(place.start_time)} · {formatDuration(place.visit_duration)}
        </span>
        {place.travel_time_from_previous > 0 && <span className={styles.travel}>{legText(place.travel_time_from_previous, place.travel_mode)}</span>}
      </span>
      {/* `place-card__hours` stays plain: the browser tests read the hours by it. */}
      {hours && <span className={`place-card__hours ${styles.hoursLabel}`}>{hours}</span>}
    </>
  )
}

const cardBox = (place: PlanPlace) => ({ top: place.start_time * HOUR_PX, height: Math.max(place.visit_duration * HOUR_PX - 3, 24) })
const sizeClass = (place: PlanPlace) => (place.visit_duration <= 0.5 ? ` ${styles.tiny}` : place.visit_duration <= 1 ? ` ${styles.small}` : '')
/** A card's classes; the plain `place-card` and `place-card--locked` are the browser tests' handles on cards and locks. */
const cardClass = (place: PlanPlace, chosen = false) =>
  `place-card ${styles.card}${sizeClass(place)}${place.locked ? ` place-card--locked ${styles.locked}` : ''}${chosen ? ` place-card--chosen ${styles.chosen}` : ''}`

/** The day's lunch break: a pause drawn in the grid, neither a place nor a drop target of its own. */
function BreakBlock({ pause }: { pause: DayBreak }) {
  const text = `${BREAK_LABELS[pause.kind]}, ${formatHour(pause.start)} to ${formatHour(pause.end)}`
  return (
    <div
      role="listitem"
      className={styles.lunch}
      style={{ top: pause.start * HOUR_PX, height: (pause.end - pause.start) * HOUR_PX - 3 }}
      aria-label={text}
      title={text}
    >
      {BREAK_LABELS[pause.kind]}
    </div>
  )
}

/** A card outside edit mode: a button that opens the place's details where the page offers them, else just the card. */
function StaticCard({ place, date, onOpen, chosen }: { place: PlanPlace; date: string | null; onOpen?: (() => void) | undefined; chosen: boolean }) {
  if (!onOpen)
    return (
      <article className={cardClass(place, chosen)} style={cardBox(place)} aria-label={placeSummary(place, date)} title={placeSummary(place, date)}>
        <CardBody place={place} date={date} />
      </article>
    )
  return (
    <button
      type="button"
      className={`${cardClass(place, chosen)} ${styles.openable}`}
      style={cardBox(place)}
      aria-label={placeSummary(place, date)}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <CardBody place={place} date={date} />
    </button>
  )
}

function DraggableCard({
  place,
  date,
  placeRef,
  onOpen,
  chosen,
}: {
  place: PlanPlace
  date: string | null
  placeRef: PlaceRef
  onOpen: (ref: PlaceRef) => void
  chosen: boolean
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `place:${placeRef.day}:${placeRef.index}`,
    data: { kind: 'place', ref: placeRef, name: place.name } satisfies DragData,
  })
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`${cardClass(place, chosen)} ${styles.editable}${isDragging ? ` ${styles.dragging}` : ''}`}
      style={{ ...cardBox(place), transform: CSS.Translate.toString(transform) }}
      title={placeSummary(place, date)}
      {...attributes}
      {...listeners}
      aria-label={`${placeSummary(place, date)}. Press Enter to edit, or Space to pick up and move with the arrow keys.`}
      aria-roledescription="draggable place"
      // A button's Space fires a click on key up: that Space picks the card up (dnd-kit), Enter opens it.
      onClick={(event) => event.detail > 0 && onOpen(placeRef)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          onOpen(placeRef)
          return
        }
        listeners?.onKeyDown?.(event)
      }}
    >
      <CardBody place={place} date={date} />
    </button>
  )
}

/** Locks or unlocks a place in edit mode: a button of its own beside the card, for mouse, touch and keyboard. */
function LockToggle({ place, placeRef, onToggle }: { place: PlanPlace; placeRef: PlaceRef; onToggle: (ref: PlaceRef, locked: boolean) => void }) {
  const locked = place.locked ?? false
  return (
    <button
      type="button"
      className={locked ? `${styles.lockToggle} ${styles.isLocked}` : styles.lockToggle}
      style={{ top: place.start_time * HOUR_PX + 2 }}
      aria-pressed={locked}
      aria-label={`${locked ? 'Unlock' : 'Lock'} ${place.name}`}
      title={locked ? 'Locked: a re-plan keeps it here. Select to unlock.' : 'Lock to this day and time'}
      onClick={() => onToggle(placeRef, !locked)}
    >
      <PinIcon />
    </button>
  )
}

function Column({ day, dayIndex, editable, children }: { day: PlanDay; dayIndex: number; editable: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${dayIndex}`, data: { dayIndex, label: dayLabel(day) } satisfies DropData, disabled: !editable })
  return (
    <div ref={setNodeRef} className={isOver ? `${styles.grid} ${styles.over}` : styles.grid} role="list" aria-label={dayLabel(day)}>
      {children}
    </div>
  )
}

export interface DayCalendarProps {
  readonly days: readonly PlanDay[]
  /** Edit mode: cards can be dragged (pointer or keyboard) and opened. Needs a DndContext around it. */
  readonly editable?: boolean
  readonly onOpenPlace?: (ref: PlaceRef) => void
  /** Edit mode: lock a place to its day and time, or unlock it. */
  readonly onToggleLock?: (ref: PlaceRef, locked: boolean) => void
  /** While a place is dragged: what dropping it now would do, marked in its day. */
  readonly dropPreview?: DropPreview | null
  /** Accessible name of the calendar. */
  readonly label: string
  /** The place chosen last (on the day's map or here): its card is marked and scrolled into view. */
  readonly chosen?: PlaceRef | null | undefined
}

/** Where a dragged place would start, or why it cannot go there, drawn on the slot. */
const DropMarker = ({ preview }: { preview: DropPreview }) => (
  <div
    className={preview.refused ? `${styles.dropMarker} ${styles.dropRefused}` : styles.dropMarker}
    style={{ top: preview.at * HOUR_PX }}
    data-testid="drop-marker"
  >
    {preview.text}
  </div>
)

/**
 * The day calendar (spec §9): an hour grid from 00:00 to 24:00, one column per day headed with its city,
 * place cards sized by their duration with the travel time from the previous place.
 */
export function DayCalendar({ days, editable = false, onOpenPlace, onToggleLock, dropPreview, label, chosen }: DayCalendarProps) {
  const scroller = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = firstScrollHour(days) * HOUR_PX - 12
    // Only when the calendar first shows: later edits keep the traveller's scroll position.
  }, [])
  useEffect(() => {
    scroller.current?.querySelector('.place-card--chosen')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [chosen?.day, chosen?.index])
  const isChosen = (dayIndex: number, index: number) => chosen?.day === dayIndex && chosen.index === index

  return (
    <section className={`card card--flat ${styles.calendar}`} aria-label={label}>
      <div className={styles.scroller} ref={scroller} tabIndex={0} aria-label={`${label}, scrollable`}>
        {/* Plain class names beside the module's: the browser tests find the grid, its columns and their heads by them. */}
        <div className={`day-calendar__inner ${styles.inner}`}>
          <div className={styles.head}>
            <div className={styles.corner} aria-hidden="true" />
            {days.map((day) => (
              <div key={day.day} className={`day-column__head ${styles.columnHead}`}>
                <span className={styles.columnTitle}>Day {day.day}</span>
                <span className={styles.columnCity}>{day.city}</span>
                {day.day_trip && (
                  <span className={styles.columnTrip} title={dayTripRideText(day)}>
                    {dayTripLabel(day)}
                  </span>
                )}
                {day.free_time && (
                  <span className={styles.columnFree} title={day.free_time}>
                    Free time
                  </span>
                )}
                {day.date && <span className={styles.columnDate}>{formatDay(day.date)}</span>}
                {day.journey && (
                  <span className={styles.columnJourney} title={day.journey}>
                    {day.journey}
                  </span>
                )}
              </div>
            ))}
          </div>
          <div className={styles.body}>
            <div className={styles.hours} aria-hidden="true">
              {HOURS.map((hour) => (
                <span key={hour} className={styles.hour}>
                  {formatHour(hour)}
                </span>
              ))}
            </div>
            {days.map((day, dayIndex) => (
              <div key={day.day} className={`day-column ${styles.column}`}>
                {editable ? (
                  <Column day={day} dayIndex={dayIndex} editable>
                    {day.breaks?.map((pause) => (
                      <BreakBlock key={pause.kind} pause={pause} />
                    ))}
                    {dropPreview?.dayIndex === dayIndex && <DropMarker preview={dropPreview} />}
                    {day.places.map((place, index) => (
                      <div role="listitem" key={`${place.id}-${index}`}>
                        <DraggableCard
                          place={place}
                          date={day.date}
                          placeRef={{ day: dayIndex, index }}
                          onOpen={onOpenPlace ?? (() => {})}
                          chosen={isChosen(dayIndex, index)}
                        />
                        {onToggleLock && <LockToggle place={place} placeRef={{ day: dayIndex, index }} onToggle={onToggleLock} />}
                      </div>
                    ))}
                  </Column>
                ) : (
                  <div className={styles.grid} role="list" aria-label={dayLabel(day)}>
                    {day.breaks?.map((pause) => (
                      <BreakBlock key={pause.kind} pause={pause} />
                    ))}
                    {day.places.map((place, index) => (
                      <div role="listitem" key={`${place.id}-${index}`}>
                        <StaticCard
                          place={place}
                          date={day.date}
                          onOpen={onOpenPlace && (() => onOpenPlace({ day: dayIndex, index }))}
                          chosen={isChosen(dayIndex, index)}
                        />
                      </div>
                    ))}
                  </div>
                )}
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  )
}
