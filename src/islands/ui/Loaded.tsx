import type { ReactNode } from 'react'
import type { Load } from './use-load.ts'
import { Loading } from './Loading.tsx'

export interface LoadedProps<T> {
  readonly load: Load<T>
  /** The loading status text, e.g. "Loading users…". */
  readonly loading: string
  /** What a failure shows instead of the "Error: …" alert (a screen whose spec words it, with a Try again button). */
  readonly failed?: (error: Error) => ReactNode
  readonly children: (data: T) => ReactNode
}

const errorAlert = (error: Error) => (
  <p className="form-error" role="alert">
    {`Error: ${error.message}`}
  </p>
)

/** What a `useLoad` shows: its failure (an alert by default), "Loading…" until the first answer, then the data (kept while reloading). */
export function Loaded<T>({ load, loading, failed = errorAlert, children }: LoadedProps<T>) {
  return (
    <>
      {load.error && failed(load.error)}
      {load.data === null ? !load.error && <Loading label={loading} /> : children(load.data)}
    </>
  )
}
