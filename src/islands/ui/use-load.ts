import { useCallback, useEffect, useRef, useState, type DependencyList, type Dispatch, type SetStateAction } from 'react'

export interface LoadOptions {
  /** Waits this long after the inputs last changed before loading (a search typed letter by letter). */
  readonly delayMs?: number
  /** Shows the loading state again when the inputs change, instead of the old data until the new arrives. */
  readonly clearOnChange?: boolean
}

export interface Load<T> {
  /** What the last successful load gave; null until then. */
  readonly data: T | null
  /** Why the last load failed; null while loading again and once one succeeds. */
  readonly error: Error | null
  /** Loads again now, keeping what is shown meanwhile (e.g. after an action changed it). */
  readonly reload: () => Promise<void>
  /** Changes what is shown without loading (a next page appended, an item removed). */
  readonly setData: Dispatch<SetStateAction<T | null>>
}

/**
 * Data an island loads from the API: loaded on mount and again whenever `deps` change, with its failure.
 * An answer that arrives after a newer load has started is dropped, so a slow old search never overwrites a newer one;
 * `load` gets a signal that aborts its request then (and when the island goes), for `api(path, { signal })`; it may
 * answer null when there is nothing to load yet (a dialog still closed), which shows as not loaded.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T | null>, deps: DependencyList, options: LoadOptions = {}): Load<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<Error | null>(null)
  const latest = useRef(0)
  const inFlight = useRef<AbortController | null>(null)

  // `deps` are the inputs `load` reads: a new load function only when they change.
  const run = useCallback(load, deps)
  const reload = useCallback(async () => {
    const call = ++latest.current
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    setError(null)
    try {
      const loaded = await run(controller.signal)
      if (call !== latest.current) return
      setData(() => loaded)
      setError(null)
    } catch (failure) {
      // Not logged: the island shows it, and a guarded page's island loads (and fails) before the guard redirects.
      if (call !== latest.current) return
      setError(failure instanceof Error ? failure : new Error(String(failure)))
    }
  }, [run])

  const { delayMs = 0, clearOnChange = false } = options
  useEffect(() => {
    if (clearOnChange) setData(null)
    if (delayMs === 0) {
      void reload()
      return
    }
    const timer = setTimeout(() => void reload(), delayMs)
    return () => clearTimeout(timer)
  }, [reload, delayMs, clearOnChange])

  useEffect(() => () => inFlight.current?.abort(), [])

  return { data, error, reload, setData }
}
