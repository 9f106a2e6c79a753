import { Spinner } from './Spinner.tsx'
import './loading.css'

export interface LoadingProps {
  /** Visible status text; "Loading…" by default. */
  label?: string
  /**
   * `block` (default) centres the message in its container, `page` fills the main area of a page
   * (guarded pages while the session is checked), `inline` sits in a line of text.
   */
  variant?: 'block' | 'page' | 'inline'
  className?: string
}

/** A polite status message with a spinner, e.g. "Loading…". */
export function Loading({ label = 'Loading…', variant = 'block', className }: LoadingProps) {
  const classes = ['loading', variant !== 'block' && `loading--${variant}`, className].filter(Boolean).join(' ')
  return (
    <div role="status" className={classes}>
      <Spinner size={variant === 'page' ? 'lg' : 'md'} />
      <span>{label}</span>
    </div>
  )
}
