import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import styles from './tabs.module.css'

export interface Tab<K extends string> {
  readonly key: K
  readonly label: string
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  children,
}: {
  tabs: readonly Tab<K>[]
  active: K
  onChange: (key: K) => void
  label: string
  children: ReactNode
}) {
  const id = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  )

  const move = (event: KeyboardEvent) => {
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    const key = tabs[next]!.key
    onChange(key)
    refs.current.get(key)?.focus()
  }

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) refs.current.set(tab.key, node)
              else refs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === tabs[index]!.key}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === tabs[index]!.key ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[index]!.key}`}>
        {children}
      </div>
    </>
  )
}

/** Whether a media query matches, following changes (e.g. the spec's 768 px breakpoint). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches)
  useEffect(() => {
    const media = window.matchMedia(query)
    const update = () => setMatches(media.matches)
    media.addEventListener('change', update)
    update()
    return () => media.removeEventListener('change', update)
  }, [query])
  return matches
}
