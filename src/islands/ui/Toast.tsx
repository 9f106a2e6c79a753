import { useStore } from '@nanostores/react'
import { atom } from 'nanostores'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Button } from './Button.tsx'
import styles from './toast.module.css'

export type ToastKind = 'info' | 'success' | 'warning' | 'error'

export interface ToastOptions {
  /** `info` by default. Errors are announced at once (`role="alert"`), the rest politely. */
  kind?: ToastKind
  /** Milliseconds before it disappears; 0 keeps it until dismissed. Defaults depend on the kind. */
  duration?: number
}

export interface ToastItem {
  readonly id: number
  readonly message: string
  readonly kind: ToastKind
  readonly duration: number
}

const DEFAULT_DURATION: Readonly<Record<ToastKind, number>> = {
  info: 5000,
  success: 5000,
  warning: 7000,
  error: 8000,
}

/** At most this many toasts are on screen; older ones make room. */
const MAX_VISIBLE = 4

let nextId = 1

/** The toasts on screen, oldest first. */
export const $toasts = atom<readonly ToastItem[]>([])

/**
 * Shows a short message in the toaster and returns its id. The same message of the same kind
 * replaces the one already shown (and is announced again) instead of stacking up.
 *
 *   toast('Report submitted. Thank you!', { kind: 'success' })
 *   toast('Failed to delete itinerary. Please try again.', { kind: 'error' })
 */
export function toast(message: string, options: ToastOptions = {}): number {
  const kind = options.kind ?? 'info'
  const item: ToastItem = { id: nextId++, message, kind, duration: options.duration ?? DEFAULT_DURATION[kind] }
  const others = $toasts.get().filter((t) => !(t.message === message && t.kind === kind))
  $toasts.set([...others, item].slice(-MAX_VISIBLE))
  return item.id
}

const AFTER_NAVIGATION_KEY = 'roam.toastAfterNavigation'

/**
 * Keeps a message for the next page of this tab and shows it there, for a message said just before
 * the page moves (`window.location.assign`), which would otherwise vanish with the page.
 */
export function toastAfterNavigation(message: string, options: ToastOptions = {}): void {
  sessionStorage.setItem(AFTER_NAVIGATION_KEY, JSON.stringify({ message, options }))
}

/** Shows the message kept by `toastAfterNavigation` on the page before, once. */
function showKeptToast(): void {
  const kept = sessionStorage.getItem(AFTER_NAVIGATION_KEY)
  if (!kept) return
  sessionStorage.removeItem(AFTER_NAVIGATION_KEY)
  try {
    const { message, options } = JSON.parse(kept) as { message: string; options: ToastOptions }
    toast(message, options)
  } catch {
    // Not ours to show.
  }
}

/** Removes one toast. */
export function dismissToast(id: number): void {
  const current = $toasts.get()
  if (current.some((t) => t.id === id)) $toasts.set(current.filter((t) => t.id !== id))
}

/** Removes every toast. */
export function clearToasts(): void {
  if ($toasts.get().length > 0) $toasts.set([])
}

/**
 * The modal dialog open on top, if any, watched on the page itself: any island's `<dialog>` shown with
 * `showModal()` counts, and the last in the page is the one opened over the others.
 */
function useTopModal(): HTMLDialogElement | null {
  const [modal, setModal] = useState<HTMLDialogElement | null>(null)
  useEffect(() => {
    const find = () => setModal([...document.querySelectorAll('dialog')].filter((dialog) => dialog.matches(':modal')).at(-1) ?? null)
    const observer = new MutationObserver(find)
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] })
    find()
    return () => observer.disconnect()
  }, [])
  return modal
}

/**
 * Renders the toasts. Mount it once per page (the base layout does: `<Toaster client:load />`);
 * `toast()` works from any island on the page.
 */
export function Toaster() {
  const toasts = useStore($toasts)
  // Over an open modal dialog, inside it: outside it they would lie under its backdrop, inert.
  const modal = useTopModal()
  useEffect(showKeptToast, [])
  const polite = toasts.filter((t) => t.kind !== 'error')
  const errors = toasts.filter((t) => t.kind === 'error')
  const toaster = (
    <div className={styles.toaster}>
      <div className={styles.region} aria-live="polite" aria-relevant="additions text">
        {polite.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </div>
      <div className={styles.region}>
        {errors.map((item) => (
          <ToastView key={item.id} item={item} role="alert" />
        ))}
      </div>
    </div>
  )
  return modal ? createPortal(toaster, modal) : toaster
}

function ToastView({ item, role }: { item: ToastItem; role?: 'alert' }) {
  const [paused, setPaused] = useState(false)
  const remaining = useRef(item.duration)

  useEffect(() => {
    if (paused || item.duration <= 0) return
    const started = Date.now()
    const timer = window.setTimeout(() => dismissToast(item.id), Math.max(remaining.current, 1000))
    return () => {
      window.clearTimeout(timer)
      remaining.current -= Date.now() - started
    }
  }, [paused, item.id, item.duration])

  // Hovering or focusing a toast holds it on screen (WCAG 2.2.1, timing adjustable).
  return (
    <div
      role={role}
      className={`${styles.toast} ${styles[item.kind]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false)
      }}
    >
      <ToastIcon kind={item.kind} />
      <p className={styles.message}>{item.message}</p>
      <Button variant="ghost" size="sm" iconOnly className={styles.close} aria-label="Dismiss" onClick={() => dismissToast(item.id)}>
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
          <path d="M5.5 5.5l9 9M14.5 5.5l-9 9" />
        </svg>
      </Button>
    </div>
  )
}

function ToastIcon({ kind }: { kind: ToastKind }) {
  const common = {
    className: styles.icon,
    viewBox: '0 0 20 20',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
  }
  switch (kind) {
    case 'success':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8" />
          <path d="M6.5 10.3l2.3 2.3 4.7-4.9" />
        </svg>
      )
    case 'error':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8" />
          <path d="M10 6v4.8M10 13.6v.1" />
        </svg>
      )
    case 'warning':
      return (
        <svg {...common}>
          <path d="M10 2.8L18 16.5H2L10 2.8z" />
          <path d="M10 8v3.8M10 14.2v.1" />
        </svg>
      )
    default:
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8" />
          <path d="M10 9v5M10 6.2v.1" />
        </svg>
      )
  }
}
