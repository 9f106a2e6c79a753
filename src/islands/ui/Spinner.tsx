import './loading.css'
export type SpinnerSize = 'sm' | 'md' | 'lg'

export interface SpinnerProps {
  /** Visual size; `md` (1.25 rem) by default. */
  size?: SpinnerSize
  /**
   * Text for assistive technology. Without it the spinner is decorative (aria-hidden), which is
   * right when visible text next to it already says what is happening.
   */
  label?: string
  className?: string
}

/** A small rotating ring that inherits the current text colour. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const classes = ['spinner', size !== 'md' && `spinner--${size}`, className].filter(Boolean).join(' ')
  if (!label) return <span className={classes} aria-hidden="true" />
  return <span role="img" aria-label={label} className={classes} />
}
