import { useEffect, useState } from 'react'
import { DURATION_CHOICES, type Edit, type PlaceRef } from '../../modules/itinerary/planner/edit-rules.ts'
import { formatDuration, formatHour, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { FormField } from '../ui/FormField.tsx'
import { dayLabel } from './DayCalendar.tsx'
import styles from './place-editor.module.css'
import { PlaceDetails } from './PlaceDetails.tsx'

const START_TIMES = Array.from({ length: 48 }, (_, slot) => slot / 2)

export interface PlaceEditorProps {
  readonly days: readonly PlanDay[]
  readonly at: PlaceRef | null
  /** In edit mode: the edit controls under the place's details. */
  readonly editable: boolean
  readonly onClose: () => void
  /** Applies an edit; the message of a refusal, or undefined when it was applied. */
  readonly onEdit: (edit: Edit) => string | undefined
}

/**
 * A place's details (PlaceDetails.tsx) and, in edit mode, everything the calendar's drag and drop does,
 * with form controls (keyboard and screen-reader users, small screens): duration, move to a day and time,
 * swap, reorder, lock, delete.
 */
export function PlaceEditor({ days, at, editable, onClose, onEdit }: PlaceEditorProps) {
  const place = at ? days[at.day]?.places[at.index] : undefined
  const [duration, setDuration] = useState(2)
  const [toDay, setToDay] = useState(0)
  const [start, setStart] = useState(10)
  const [swapWith, setSwapWith] = useState(-1)
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    if (!at || !place) return
    setDuration(place.visit_duration)
    setToDay(at.day)
    setStart(place.start_time)
    setSwapWith(-1)
    setMessage(null)
    // Reset the controls for each place opened.
  }, [at?.day, at?.index, place?.id])

  if (!at || !place) return <Dialog open={false} onClose={onClose} title="" />
  const day = days[at.day]!

  const run = (edit: Edit) => {
    const refusal = onEdit(edit)
    if (refusal) setMessage(refusal)
    else onClose()
  }

  const controls = (
    <>
      {message && (
        <p role="alert" className="form-error">
          {message}
        </p>
      )}

      <div className={styles.row}>
        <FormField as="select" className={styles.rowField} label="Duration" value={duration} onChange={(event) => setDuration(Number(event.target.value))}>
          {DURATION_CHOICES.map((hours) => (
            <option key={hours} value={hours}>
              {formatDuration(hours)}
            </option>
          ))}
        </FormField>
        <Button variant="secondary" onClick={() => run({ type: 'duration', at, hours: duration })}>
          Change duration
        </Button>
      </div>

      <div className={styles.row}>
        <FormField as="select" className={styles.rowField} label="Day" value={toDay} onChange={(event) => setToDay(Number(event.target.value))}>
          {days.map((other, index) => (
            <option key={other.day} value={index}>
              {dayLabel(other)}
            </option>
          ))}
        </FormField>
        <FormField as="select" className={styles.rowField} label="Start time" value={start} onChange={(event) => setStart(Number(event.target.value))}>
          {START_TIMES.map((hours) => (
            <option key={hours} value={hours}>
              {formatHour(hours)}
            </option>
          ))}
        </FormField>
        <Button variant="secondary" onClick={() => run({ type: 'move', from: at, toDay, start })}>
          Move
        </Button>
      </div>

      {day.places.length > 1 && (
        <div className={styles.row}>
          <FormField as="select" className={styles.rowField} label="Swap with" value={swapWith} onChange={(event) => setSwapWith(Number(event.target.value))}>
            <option value={-1}>Choose a place</option>
            {day.places.map((other, index) =>
              index === at.index ? null : (
                <option key={`${other.id}-${index}`} value={index}>
                  {formatHour(other.start_time)} {other.name}
                </option>
              ),
            )}
          </FormField>
          <Button variant="secondary" disabled={swapWith < 0} onClick={() => run({ type: 'swap', day: at.day, a: at.index, b: swapWith })}>
            Swap
          </Button>
        </div>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" disabled={at.index === 0} onClick={() => run({ type: 'reorder', day: at.day, from: at.index, to: at.index - 1 })}>
          Visit earlier
        </Button>
        <Button
          variant="secondary"
          disabled={at.index === day.places.length - 1}
          onClick={() => run({ type: 'reorder', day: at.day, from: at.index, to: at.index + 1 })}
        >
          Visit later
        </Button>
        <Button variant="secondary" aria-pressed={place.locked ?? false} onClick={() => run({ type: 'lock', at, locked: !place.locked })}>
          {place.locked ? 'Unlock' : 'Lock to this day and time'}
        </Button>
        <Button variant="danger" onClick={() => run({ type: 'delete', at })}>
          Delete
        </Button>
      </div>
    </>
  )

  return (
    <Dialog open onClose={onClose} title={place.name} closeLabel="Close" size="md">
      <div className={styles.editor}>
        <PlaceDetails day={day} place={place} />
        {editable && controls}
      </div>
    </Dialog>
  )
}
