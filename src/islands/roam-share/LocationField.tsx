import { useEffect, useId, useRef, useState } from 'react'
import { api } from '../session/api.ts'
import { Combobox } from '../ui/Combobox.tsx'
import styles from './location-field.module.css'

interface Suggestion {
  readonly description: string
}

/** Location with autocomplete from 2 characters (spec §5); failures are swallowed (spec §8). */
export function LocationField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const picked = useRef(value)
  const id = useId()

  useEffect(() => {
    if (value.trim().length < 2 || value === picked.current) return setSuggestions([])
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api<{ suggestions: Suggestion[] }>(`/api/places/google-places-autocomplete-any?query=${encodeURIComponent(value.trim())}`, { signal: controller.signal })
        .then((answer) => setSuggestions((answer.suggestions ?? []).slice(0, 6)))
        .catch(() => setSuggestions([]))
    }, 200)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [value])

  const choose = (suggestion: Suggestion) => {
    picked.current = suggestion.description
    onChange(suggestion.description)
    setSuggestions([])
  }
  return (
    <div className={`field ${styles.field}`}>
      <label htmlFor={id} className="field__label">
        Location <span aria-hidden="true">*</span>
      </label>
      <Combobox
        id={id}
        value={value}
        onInput={onChange}
        items={suggestions}
        itemKey={(suggestion) => suggestion.description}
        renderItem={(suggestion) => suggestion.description}
        onPick={choose}
        listLabel="Suggested locations"
        listClassName={styles.list}
        inputProps={{ className: 'input', required: true, maxLength: 200 }}
      />
    </div>
  )
}
