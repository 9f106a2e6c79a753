import { useRef, useState } from 'react'
import type { Pace } from '../../modules/itinerary/planner/pace.ts'
import type { PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { api } from '../session/api.ts'
import { ApiError } from '../session/errors.ts'
import { generatedState, writeItineraryState } from '../itinerary/trip-state.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { CityAutocomplete } from './CityAutocomplete.tsx'
import { StayField } from './StayField.tsx'
import type { Stay } from '../../modules/itinerary/planner/trip.ts'
import {
  capacityHints,
  FILL_ALL_FIELDS,
  formProblem,
  missingFieldsText,
  GENERATE_FAILED,
  generateRequest,
  localToday,
  PACE_LABELS,
  PACES,
  THEME_LABELS,
  tripDataOf,
  type CityChoice,
} from './trip-form.ts'
import styles from './trip-form.module.css'
import { useNeedsNetwork } from '../offline/use-needs-network.ts'

const MAX_DESTINATIONS = 10
const GENERATE_TIMEOUT_MS = 60_000

interface Destination {
  readonly key: number
  readonly choice: CityChoice | null
}

let nextKey = 0
const emptyDestination = (): Destination => ({ key: nextKey++, choice: null })

/** Plan Your Trip (spec §2 Home, §5 Home form): generating opens the itinerary page. */
export function TripForm() {
  const needsNetwork = useNeedsNetwork()
  const today = localToday()
  const [origin, setOrigin] = useState<CityChoice | null>(null)
  // Spec §5: the form starts with one extra, empty destination.
  const [destinations, setDestinations] = useState<Destination[]>(() => [emptyDestination(), emptyDestination()])
  const [startDate, setStartDate] = useState('')
  const [endDate, setEndDate] = useState('')
  const [themes, setThemes] = useState<string[]>([])
  const [pace, setPace] = useState<Pace | ''>('')
  const [stays, setStays] = useState<Readonly<Record<number, Stay>>>({})
  const [problem, setProblem] = useState<{ title: string; detail?: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const messageRef = useRef<HTMLDivElement>(null)

  const form = {
    origin,
    destinations: destinations.map((destination) => destination.choice),
    startDate,
    endDate,
    themes,
    pace,
    stays: destinations.map((destination) => stays[destination.key] ?? null),
  }

  /** Where one stays belongs to the city it was found in: another city drops it. */
  const setStay = (key: number, stay: Stay | null) =>
    setStays((current) => {
      const { [key]: _, ...rest } = current
      return stay ? { ...rest, [key]: stay } : rest
    })

  const setDestination = (key: number, choice: CityChoice | null) => {
    setDestinations((list) => list.map((destination) => (destination.key === key ? { ...destination, choice } : destination)))
    setStay(key, null)
  }

  const toggleTheme = (label: string) => setThemes((list) => (list.includes(label) ? list.filter((theme) => theme !== label) : [...list, label]))

  const fail = (title: string, detail?: string) => {
    setProblem(detail ? { title, detail } : { title })
    queueMicrotask(() => messageRef.current?.focus())
  }

  const submit = async () => {
    setProblem(null)
    const found = formProblem(form, today)
    if (found) return fail(found, found === FILL_ALL_FIELDS ? missingFieldsText(form) : undefined)
    setBusy(true)
    try {
      const answer = await api<{ itinerary: PlanDay[]; daysPerCity: Record<string, number>; notices?: string[] }>('/api/itinerary/generate', {
        body: generateRequest(form),
        timeoutMs: GENERATE_TIMEOUT_MS,
      })
      writeItineraryState(generatedState(tripDataOf(form), answer.itinerary, answer.daysPerCity, answer.notices))
      location.assign('/itinerary')
    } catch (error) {
      setBusy(false)
      // The server says why when it can (e.g. too few places for a city); the spec's words come first.
      fail(GENERATE_FAILED, error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined)
    }
  }

  const cities = destinations.map((destination) => destination.choice?.city).filter(Boolean)

  return (
    <Form
      className={styles.form}
      aria-labelledby="plan-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div className={styles.cities}>
        <CityAutocomplete label="Origin" value={origin} onChange={setOrigin} />
        <div className={styles.destinations}>
          {destinations.map((destination, index) => (
            <CityAutocomplete
              key={destination.key}
              label={`Destination ${index + 1}`}
              value={destination.choice}
              onChange={(choice) => setDestination(destination.key, choice)}
              trailing={
                index > 0 ? (
                  <Button
                    variant="ghost"
                    iconOnly
                    aria-label={`Remove destination ${index + 1}`}
                    onClick={() => setDestinations((list) => list.filter((other) => other.key !== destination.key))}
                  >
                    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
                      <path d="M5.5 5.5l9 9M14.5 5.5l-9 9" />
                    </svg>
                  </Button>
                ) : undefined
              }
            />
          ))}
          {destinations.length < MAX_DESTINATIONS && (
            <Button variant="secondary" size="sm" className={styles.add} onClick={() => setDestinations((list) => [...list, emptyDestination()])}>
              + Add destination
            </Button>
          )}
        </div>
      </div>

      {destinations.some((destination) => destination.choice) && (
        <fieldset className={styles.stays}>
          <legend className="field__label">Where are you staying? (optional)</legend>
          {destinations.map(
            ({ key, choice }) =>
              choice && (
                <StayField key={key} city={choice.city} query={choice.description} value={stays[key] ?? null} onChange={(stay) => setStay(key, stay)} />
              ),
          )}
        </fieldset>
      )}

      <div className={styles.dates}>
        <FormField
          label="Start date"
          type="date"
          min={today}
          required
          value={startDate}
          onChange={(event) => {
            setStartDate(event.target.value)
            if (endDate && event.target.value && endDate < event.target.value) setEndDate(event.target.value)
          }}
        />
        <FormField label="End date" type="date" min={startDate || today} required value={endDate} onChange={(event) => setEndDate(event.target.value)} />
      </div>

      <fieldset className={styles.choices}>
        <legend className="field__label">Themes</legend>
        <div className={styles.chips}>
          {THEME_LABELS.map((label) => (
            <label key={label} className={styles.chip}>
              <input type="checkbox" checked={themes.includes(label)} onChange={() => toggleTheme(label)} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.choices}>
        <legend className="field__label">Pace</legend>
        <div className={styles.chips}>
          {PACES.map((value) => (
            <label key={value} className={styles.chip}>
              <input type="radio" name="pace" value={value} checked={pace === value} onChange={() => setPace(value)} />
              <span>{PACE_LABELS[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div ref={messageRef} tabIndex={-1} className={styles.message}>
        {problem && (
          <div role="alert" className="form-error">
            <p>{problem.title}</p>
            {problem.detail && <p className={styles.detail}>{problem.detail}</p>}
          </div>
        )}
      </div>

      {busy && (
        <div className={styles.progress} role="status">
          <progress aria-label="Generating itinerary" />
          <span>
            Planning {cities.length === 1 ? cities[0] : `${cities.slice(0, -1).join(', ')} and ${cities.at(-1)}`}: choosing places and ordering each day…
          </span>
        </div>
      )}

      {capacityHints(form).map((hint) => (
        <p key={hint} className="field__hint" role="status">
          {hint}
        </p>
      ))}
      <Button type="submit" variant="primary" size="lg" loading={busy} loadingText="Generating…" {...needsNetwork}>
        Generate Itinerary
      </Button>
    </Form>
  )
}
