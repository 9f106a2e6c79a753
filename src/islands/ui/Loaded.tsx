import type { ReactNode } from 'react'
import type { Load } from './use-load.ts'
import { Loading } from './Loading.tsx'

export interface LoadedProps<T> {
  readonly load: Load<T>
  /** The loading status text, e.g. "Loading users…". */
  readonly loading: string
  readonly children: (data: T) => ReactNode
}

/** What a `useLoad` shows: its failure as an alert, "Loading…" until the first answer, then the data (kept while reloading). */
export function Loaded<T>({ load, loading, children }: LoadedProps<T>) {
  return (
    <>
      {load.error && (
        <p className="form-error" role="alert">
          {`Error: ${load.error.message}`}
        </p>
      )}
      {load.data === null ? !load.error && <Loading label={loading} /> : children(load.data)}
    </>
  )
}
