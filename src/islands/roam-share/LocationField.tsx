import { useEffect, useId, useRef, useState } from 'react'
import { api } from '../session/api.ts'

interface Suggestion {
  readonly description: string
}

/** Location with autocomplete from 2 characters (spec §5); failures are swallowed (spec §8). */
export function LocationField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const picked = useRef(value)
  const id = useId()
  const listId = `${id}-list`

  useEffect(() => {
    if (value.trim().length < 2 || value === picked.current) return setSuggestions([])
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api<{ suggestions: Suggestion[] }>(`/api/places/google-places-autocomplete-any?query=${encodeURIComponent(value.trim())}`, { signal: controller.signal })
        .then((answer) => {
          setSuggestions((answer.suggestions ?? []).slice(0, 6))
          setActive(-1)
        })
        .catch(() => setSuggestions([]))
    }, 200)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [value])

  const choose = (description: string) => {
    picked.current = description
    onChange(description)
    setSuggestions([])
  }
  const showing = open && suggestions.length > 0
  return (
    <div className="field location-field">
      <label htmlFor={id} className="field__label">
        Location <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        className="input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing && active >= 0 ? `${listId}-${active}` : undefined}
        required
        maxLength={200}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={(event) => {
          if (!showing) return
          if (event.key === 'ArrowDown') setActive((active + 1) % suggestions.length)
          else if (event.key === 'ArrowUp') setActive((active + suggestions.length - 1) % suggestions.length)
          else if (event.key === 'Enter' && active >= 0) choose(suggestions[active]!.description)
          else if (event.key === 'Escape') setOpen(false)
          else return
          event.preventDefault()
        }}
      />
      <ul id={listId} role="listbox" className="location-field__list" hidden={!showing} aria-label="Suggested locations">
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.description}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault()
              choose(suggestion.description)
            }}
          >
            {suggestion.description}
          </li>
        ))}
      </ul>
    </div>
  )
}
