import { useEffect, useId, useState } from 'react'
import type { Stay } from '../../modules/itinerary/planner/trip.ts'
import { Combobox } from '../ui/Combobox.tsx'
import styles from './city-field.module.css'

interface FoundPlace {
  readonly id: string
  readonly name: string
  readonly address: string | null
  readonly latitude: number
  readonly longitude: number
}

const DEBOUNCE_MS = 200
const MIN_QUERY = 2

/** Places of the city by name (the place search Explore uses); failures give no suggestions. */
async function searchPlaces(query: string, city: string, signal: AbortSignal): Promise<FoundPlace[]> {
  try {
    const response = await fetch(`/api/places/search-attraction?query=${encodeURIComponent(query)}&city=${encodeURIComponent(city)}`, {
      signal,
      headers: { accept: 'application/json' },
    })
    if (!response.ok) return []
    const body = (await response.json()) as { results?: FoundPlace[] }
    return (body.results ?? []).slice(0, 8)
  } catch {
    return []
  }
}

export interface StayFieldProps {
  /** The destination's name, as the field's label says it. */
  readonly city: string
  /** The destination as the place search takes it ("Lisbon, Lisboa, Portugal"). */
  readonly query: string
  readonly value: Stay | null
  readonly onChange: (stay: Stay | null) => void
  readonly disabled?: boolean
}

/**
 * "Where are you staying in Lisbon?": a place of the city found by the place search, optional. Every day there
 * starts and ends at it; left empty, at the centre of the city's sights. Editing the text drops the pick.
 */
export function StayField({ city, query, value, onChange, disabled }: StayFieldProps) {
  const id = useId()
  const [text, setText] = useState(value?.name ?? '')
  const [found, setFound] = useState<FoundPlace[]>([])
  const [searching, setSearching] = useState(false)

  useEffect(() => setText(value?.name ?? ''), [value?.name])

  useEffect(() => {
    const typed = text.trim()
    if (typed.length < MIN_QUERY || (value && value.name === text)) {
      setSearching(false)
      return
    }
    const controller = new AbortController()
    setSearching(true)
    const timer = window.setTimeout(async () => {
      const places = await searchPlaces(typed, query, controller.signal)
      if (controller.signal.aborted) return
      setFound(places)
      setSearching(false)
    }, DEBOUNCE_MS)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [text, value, query])

  const type = (next: string) => {
    setText(next)
    if (value) onChange(null)
    if (next.trim() === '') setFound([])
  }

  const status = (open: boolean) =>
    searching ? 'Searching…' : open && text.trim().length >= MIN_QUERY && !value ? `${found.length} place${found.length === 1 ? '' : 's'} found` : ''

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Where are you staying in {city}?
      </label>
      <div className={styles.box}>
        <Combobox
          id={id}
          value={text}
          onInput={type}
          items={found}
          itemKey={(place) => place.id}
          onPick={(place) => {
            setText(place.name)
            setFound([])
            onChange({ name: place.name, latitude: place.latitude, longitude: place.longitude })
          }}
          listLabel={`Places in ${city}`}
          listClassName={styles.list}
          optionClassName={styles.option}
          inputProps={{ className: 'input', type: 'text', spellCheck: false, placeholder: 'A place near your hotel (optional)', disabled }}
          renderItem={(place) => (
            <>
              <span>{place.name}</span>
              {place.address && <span className={styles.count}>{place.address}</span>}
            </>
          )}
          after={(open) => (
            <span className="visually-hidden" role="status">
              {status(open)}
            </span>
          )}
        />
      </div>
      <p className="field__hint">
        {value ? `Each day in ${city} starts and ends at ${value.name}.` : `Left empty, days start from the centre of ${city}'s sights.`}
      </p>
    </div>
  )
}
