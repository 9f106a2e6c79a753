import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react'
import { Spinner } from './Spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'
export type ButtonSize = 'sm' | 'md' | 'lg'

export interface ButtonStyleOptions {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Stretch to the full width of the container. */
  block?: boolean
  /** Square icon-only button; give it an `aria-label`. */
  iconOnly?: boolean
}

/**
 * The class list of a button, for elements that must look like one but are not a `<button>`
 * (e.g. `<a className={buttonClass({ variant: 'primary' })}>`). In `.astro` files write the classes
 * directly: `class="btn btn--primary"`.
 */
export function buttonClass({ variant = 'secondary', size = 'md', block, iconOnly }: ButtonStyleOptions = {}, extra?: string): string {
  return ['btn', `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', iconOnly && 'btn--icon', extra].filter(Boolean).join(' ')
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonStyleOptions {
  /**
   * Shows a spinner and marks the button busy (`aria-busy`). The button stays focusable but ignores
   * clicks, so a double click cannot submit twice and focus is not lost.
   */
  loading?: boolean
  /** Replaces the label while loading (e.g. "Saving…"); the label is kept otherwise. */
  loadingText?: ReactNode
  /** An icon placed before the label (decorative; mark the SVG aria-hidden). */
  icon?: ReactNode
}

/** A button in one of four variants. Defaults to `type="button"`. */
export function Button({
  variant = 'secondary',
  size = 'md',
  block,
  iconOnly,
  loading = false,
  loadingText,
  icon,
  type = 'button',
  className,
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block, iconOnly }, className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
    >
      {loading ? <Spinner size="sm" className="btn__spinner" /> : icon}
      {loading && loadingText !== undefined ? loadingText : children}
    </button>
  )
}
