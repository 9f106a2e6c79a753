import { useId, useState, type ReactNode } from 'react'
import { useSuggestions } from '../ui/use-suggestions.ts'
import { Combobox } from '../ui/Combobox.tsx'
import styles from './city-field.module.css'
import { choiceOf, isLocality, pickedCityNote, placesNote, type CityChoice } from './trip-form.ts'

interface Suggestion {
  readonly description: string
  readonly types?: readonly string[]
  readonly places?: number
}

/** City suggestions (spec §7: a plain fetch; failures are silently ignored). Only locality suggestions are kept. */
async function fetchCities(query: string, signal: AbortSignal): Promise<CityChoice[]> {
  try {
    const response = await fetch(`/api/places/google-places-autocomplete?query=${encodeURIComponent(query)}`, {
      signal,
      headers: { accept: 'application/json' },
    })
    if (!response.ok) return []
    const body = (await response.json()) as { suggestions?: Suggestion[] } | Suggestion[]
    const list = Array.isArray(body) ? body : (body.suggestions ?? [])
    return list.filter(isLocality).map(choiceOf)
  } catch {
    return []
  }
}

export interface CityAutocompleteProps {
  readonly label: string
  readonly value: CityChoice | null
  readonly onChange: (choice: CityChoice | null) => void
  /** Shown after the input (e.g. a remove button). */
  readonly trailing?: ReactNode
  readonly invalid?: boolean
}

/**
 * A city field with suggestions (ARIA combobox with a listbox): type two letters, pick with the mouse or
 * the arrow keys and Enter. Only a picked suggestion counts; editing the text drops the pick, and
 * clearing it empties the value and the suggestions (spec §5).
 */
export function CityAutocomplete({ label, value, onChange, trailing, invalid }: CityAutocompleteProps) {
  const id = useId()
  const [text, setText] = useState(value?.city ?? '')
  const { items: suggestions, searching, typedEnough, clear } = useSuggestions(text, Boolean(value && value.city === text), fetchCities)

  const choose = (choice: CityChoice) => {
    setText(choice.city)
    clear()
    onChange(choice)
  }

  const type = (next: string) => {
    setText(next)
    if (value) onChange(null)
    if (next.trim() === '') clear()
  }

  const status = (open: boolean) =>
    searching ? 'Searching…' : open && typedEnough && !value ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}` : ''

  return (
    <div className="field">
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </div>
      <div className={styles.row}>
        <div className={styles.box}>
          <Combobox
            id={id}
            value={text}
            onInput={type}
            items={suggestions}
            itemKey={(choice) => choice.description}
            onPick={choose}
            listLabel={`${label} suggestions`}
            listClassName={styles.list}
            optionClassName={styles.option}
            inputProps={{
              className: 'input',
              type: 'text',
              'aria-invalid': invalid || undefined,
              'aria-required': 'true',
              spellCheck: false,
              placeholder: 'Start typing a city',
            }}
            renderItem={(choice) => {
              const note = placesNote(choice.places)
              return (
                <>
                  <span>{choice.description}</span>
                  {note && <span className={choice.places ? styles.count : `${styles.count} ${styles.empty}`}>{note}</span>}
                </>
              )
            }}
            after={(open) => (
              <span className="visually-hidden" role="status">
                {status(open)}
              </span>
            )}
          />
        </div>
        {trailing}
      </div>
      {value && <p className="field__hint">{pickedCityNote(value)}</p>}
    </div>
  )
}
