import { useEffect, useId, useState } from 'react'
import type { Stay } from '../../modules/itinerary/planner/trip.ts'
import { Combobox } from '../ui/Combobox.tsx'
import { useSuggestions } from '../ui/use-suggestions.ts'
import styles from './city-field.module.css'

interface FoundPlace {
  readonly id: string
  readonly name: string
  readonly address: string | null
  readonly latitude: number
  readonly longitude: number
}

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
  const {
    items: found,
    searching,
    typedEnough,
    clear,
  } = useSuggestions(text, Boolean(value && value.name === text), (typed, signal) => searchPlaces(typed, query, signal), query)

  useEffect(() => setText(value?.name ?? ''), [value?.name])

  const type = (next: string) => {
    setText(next)
    if (value) onChange(null)
    if (next.trim() === '') clear()
  }

  const status = (open: boolean) =>
    searching ? 'Searching…' : open && typedEnough && !value ? `${found.length} place${found.length === 1 ? '' : 's'} found` : ''

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
            clear()
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
