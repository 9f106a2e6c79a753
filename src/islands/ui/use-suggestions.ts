import { useEffect, useRef, useState } from 'react'

const DEBOUNCE_MS = 200
const MIN_QUERY = 2

/**
 * Suggestions for what is typed in a field: fetched 200 ms after the last keystroke, from two characters
 * on, the previous request abandoned; none are fetched while the text is a picked suggestion. `scope`
 * names what else the fetch depends on (the city a place is searched in).
 */
export function useSuggestions<T>(text: string, picked: boolean, fetchFor: (query: string, signal: AbortSignal) => Promise<T[]>, scope = '') {
  const [items, setItems] = useState<T[]>([])
  const [searching, setSearching] = useState(false)
  const fetcher = useRef(fetchFor)
  fetcher.current = fetchFor

  useEffect(() => {
    const query = text.trim()
    if (query.length < MIN_QUERY || picked) {
      setSearching(false)
      return
    }
    const controller = new AbortController()
    setSearching(true)
    const timer = window.setTimeout(async () => {
      const found = await fetcher.current(query, controller.signal)
      if (controller.signal.aborted) return
      setItems(found)
      setSearching(false)
    }, DEBOUNCE_MS)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [text, picked, scope])

  /** Whether enough is typed for suggestions. */
  const typedEnough = text.trim().length >= MIN_QUERY
  return { items, searching, typedEnough, clear: () => setItems([]) }
}
