import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { choiceOf, isLocality, pickedCityNote, placesNote, type CityChoice } from './trip-form.ts'

interface Suggestion {
  readonly description: string
  readonly types?: readonly string[]
  readonly places?: number
}

const DEBOUNCE_MS = 200
const MIN_QUERY = 2
const CLOSE_AFTER_BLUR_MS = 120

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
  const listId = `${id}-list`
  const [text, setText] = useState(value?.city ?? '')
  const [suggestions, setSuggestions] = useState<CityChoice[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [searching, setSearching] = useState(false)
  const closeTimer = useRef<number | undefined>(undefined)

  useEffect(() => {
    const query = text.trim()
    if (query.length < MIN_QUERY || (value && value.city === text)) {
      setSearching(false)
      return
    }
    const controller = new AbortController()
    setSearching(true)
    const timer = window.setTimeout(async () => {
      const found = await fetchCities(query, controller.signal)
      if (controller.signal.aborted) return
      setSuggestions(found)
      setActive(-1)
      setSearching(false)
    }, DEBOUNCE_MS)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [text, value])

  useEffect(() => () => window.clearTimeout(closeTimer.current), [])

  const choose = (choice: CityChoice) => {
    setText(choice.city)
    setSuggestions([])
    setOpen(false)
    setActive(-1)
    onChange(choice)
  }

  const type = (next: string) => {
    setText(next)
    if (value) onChange(null)
    if (next.trim() === '') {
      setSuggestions([])
      setOpen(false)
      return
    }
    setOpen(true)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((index) => (index + 1) % suggestions.length)
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1))
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault()
      choose(suggestions[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const expanded = open && suggestions.length > 0
  const status = searching
    ? 'Searching…'
    : open && text.trim().length >= MIN_QUERY && !value
      ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}`
      : ''

  return (
    <div className="field city-field">
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </div>
      <div className="city-field__row">
        <div className="city-field__box">
          <input
            id={id}
            className="input"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={invalid || undefined}
            aria-required="true"
            autoComplete="off"
            spellCheck={false}
            placeholder="Start typing a city"
            value={text}
            onChange={(event) => type(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => suggestions.length > 0 && setOpen(true)}
            onBlur={() => {
              closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_AFTER_BLUR_MS)
            }}
          />
          <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="city-field__list" hidden={!expanded}>
            {suggestions.map((choice, index) => {
              const note = placesNote(choice.places)
              return (
                <li
                  key={choice.description}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'city-field__option is-active' : 'city-field__option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(choice)}
                >
                  <span>{choice.description}</span>
                  {note && <span className={choice.places ? 'city-field__count' : 'city-field__count is-empty'}>{note}</span>}
                </li>
              )
            })}
          </ul>
        </div>
        {trailing}
      </div>
      {value && <p className="field__hint">{pickedCityNote(value)}</p>}
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </div>
  )
}
