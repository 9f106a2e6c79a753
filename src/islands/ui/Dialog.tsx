import { useCallback, useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react'
import { Button, type ButtonVariant } from './Button.tsx'
import styles from './dialog.module.css'

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl'

export interface DialogProps {
  /** Whether the dialog is shown. The parent owns this state. */
  open: boolean
  /** Called when the user asks to close: Escape, the close button, or a click on the backdrop. */
  onClose: () => void
  /** The heading; it names the dialog (`aria-labelledby`). */
  title: ReactNode
  /** Body content. */
  children?: ReactNode
  /** Actions row at the bottom, e.g. Cancel / Save buttons. */
  footer?: ReactNode
  /** Optional id of an element inside the body that describes the dialog (`aria-describedby`). */
  describedBy?: string
  size?: DialogSize
  /** Shows an × button in the header with this accessible name (e.g. "Close dialog"). */
  closeLabel?: string
  /** Close when the backdrop is clicked. On by default. */
  closeOnBackdrop?: boolean
  /** Element to focus on open; otherwise the first focusable element (or the dialog) is focused. */
  initialFocusRef?: RefObject<HTMLElement | null>
  /** Styles the title like body text, for short confirmation questions. */
  plainTitle?: boolean
  /**
   * Names the body as a region keyboard users can focus and scroll: for long read-only content with
   * nothing focusable in it.
   */
  bodyLabel?: string
  className?: string
}

/**
 * A modal dialog on the native `<dialog>` element (`showModal()`): the rest of the page is inert,
 * focus stays inside, Escape closes it, and focus returns to the element that opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  describedBy,
  size = 'md',
  closeLabel,
  closeOnBackdrop = true,
  initialFocusRef,
  plainTitle = false,
  bodyLabel,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body && !dialog.contains(active) ? active : null
      dialog.showModal()
      const target = initialFocusRef?.current
      if (target) target.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open, initialFocusRef])

  // Return focus to the opener when the dialog closes or unmounts while open.
  useEffect(() => {
    if (!open) return
    return () => {
      const dialog = ref.current
      if (dialog?.open) dialog.close()
      const target = opener.current
      opener.current = null
      if (target && target.isConnected) {
        // After React has finished the commit that closed the dialog.
        queueMicrotask(() => target.focus({ preventScroll: true }))
      }
    }
  }, [open])

  const handleCancel = useCallback((event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: keep the element open until the parent says otherwise.
    event.preventDefault()
    onCloseRef.current()
  }, [])

  const handleClose = useCallback(() => {
    // Closed by the browser (e.g. a form with method="dialog") while the parent still thinks it is open.
    if (open) onCloseRef.current()
  }, [open])

  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (!closeOnBackdrop || event.target !== ref.current) return
    // The dialog box has no padding, so a click whose target is the <dialog> itself landed on the
    // backdrop unless it is inside the box (e.g. a click on a scrollbar).
    const box = ref.current.getBoundingClientRect()
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom
    if (!inside) onCloseRef.current()
  }

  const classes = [styles.dialog, size !== 'md' && styles[size], className].filter(Boolean).join(' ')

  return (
    <dialog
      ref={ref}
      className={classes}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={handleCancel}
      onClose={handleClose}
      onClick={handleClick}
    >
      {open && (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={plainTitle ? `${styles.title} ${styles.plainTitle}` : styles.title}>
              {title}
            </h2>
            {closeLabel && (
              <Button variant="ghost" size="sm" iconOnly className={styles.close} aria-label={closeLabel} onClick={() => onCloseRef.current()}>
                <CloseIcon />
              </Button>
            )}
          </div>
          {children !== undefined && children !== null && (
            <div className={styles.body} {...(bodyLabel ? { tabIndex: 0, role: 'region', 'aria-label': bodyLabel } : {})}>
              {children}
            </div>
          )}
          {footer && <div className={styles.footer}>{footer}</div>}
        </>
      )}
    </dialog>
  )
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M5 5l10 10M15 5L5 15" />
    </svg>
  )
}

export interface ConfirmDialogProps {
  open: boolean
  /** The question, e.g. "Are you sure you want to delete this post?". */
  message: ReactNode
  /** Optional heading. Without it the message itself is the dialog's heading. */
  title?: ReactNode
  /** Label of the confirming button; "OK" by default. */
  confirmLabel?: string
  /** Label of the cancelling button; "Cancel" by default. */
  cancelLabel?: string
  /** Style of the confirming button: `danger` for destructive actions. `primary` by default. */
  confirmVariant?: Extract<ButtonVariant, 'primary' | 'danger'>
  /** Shows a spinner on the confirm button while the action runs. */
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A small confirm / cancel dialog. Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open,
  message,
  title,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  const messageId = useId()
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel()
      }}
      title={title ?? message}
      plainTitle={title === undefined}
      describedBy={title === undefined ? undefined : messageId}
      size="sm"
      closeOnBackdrop={!busy}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {title === undefined ? null : <p id={messageId}>{message}</p>}
    </Dialog>
  )
}

export interface ConfirmOptions {
  message: ReactNode
  title?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  confirmVariant?: Extract<ButtonVariant, 'primary' | 'danger'>
}

/**
 * Promise-based confirmation, an accessible replacement for `window.confirm`:
 *
 *   const { confirm, confirmDialog } = useConfirm()
 *   if (await confirm({ message: 'Are you sure you want to delete this post?', confirmLabel: 'Delete', confirmVariant: 'danger' })) …
 *   return <>…{confirmDialog}</>
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; confirmDialog: ReactNode } {
  const [pending, setPending] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null)

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.resolve(false)
          return { ...options, resolve }
        })
      }),
    [],
  )

  const settle = (ok: boolean) => {
    pending?.resolve(ok)
    setPending(null)
  }

  const confirmDialog = (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? ''}
      title={pending?.title}
      confirmLabel={pending?.confirmLabel}
      cancelLabel={pending?.cancelLabel}
      confirmVariant={pending?.confirmVariant}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  )

  return { confirm, confirmDialog }
}
