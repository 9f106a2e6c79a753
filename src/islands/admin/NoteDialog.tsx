import { useEffect, useState, type ReactNode } from 'react'
import { NOTE_MAX_LENGTH } from '../../modules/admin/rules.ts'
import { Button, type ButtonVariant } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { FormField } from '../ui/FormField.tsx'

export interface NoteRequest {
  /** The confirmation question (block, unblock, delete) or the dialog's title (warning). */
  readonly title: string
  readonly confirmLabel: string
  readonly confirmVariant: Extract<ButtonVariant, 'primary' | 'danger'>
  /** The note field's label; null asks for confirmation only. */
  readonly noteLabel: string | null
  /** A warning needs words; a reason for a block is optional. */
  readonly noteRequired: boolean
  readonly extra?: ReactNode
}

interface Props {
  readonly request: NoteRequest | null
  readonly busy: boolean
  readonly error: string | null
  readonly onConfirm: (note: string) => void
  readonly onCancel: () => void
}

/** A confirmation with a note: the reason for a block, unblock or deletion, or a warning's message. */
export function NoteDialog({ request, busy, error, onConfirm, onCancel }: Props) {
  const [note, setNote] = useState('')
  useEffect(() => setNote(''), [request])
  return (
    <Dialog
      open={request !== null}
      onClose={() => !busy && onCancel()}
      title={request?.title ?? ''}
      size="sm"
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={request?.confirmVariant ?? 'primary'} loading={busy} onClick={() => onConfirm(note)}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      {request?.extra}
      {request?.noteLabel !== null && (
        <FormField
          as="textarea"
          label={request?.noteLabel ?? ''}
          value={note}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          required={request?.noteRequired}
          hint={request?.noteRequired ? undefined : 'Optional. Kept in the moderation history.'}
          error={error ?? undefined}
          onChange={(event) => setNote(event.target.value)}
        />
      )}
    </Dialog>
  )
}
