import { useRef, useState, type FormEvent } from 'react'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { FormField } from '../ui/FormField.tsx'

export const NAME_REQUIRED = 'Trip name is required to save!'
const MAX_NAME = 120

export interface NameDialogProps {
  readonly open: boolean
  readonly title: string
  readonly initial: string
  readonly confirmLabel: string
  readonly onCancel: () => void
  readonly onName: (name: string) => void
}

/** The trip-name prompt of spec §5 (an in-page dialog instead of `window.prompt`). */
export function NameDialog({ open, title, initial, confirmLabel, onCancel, onName }: NameDialogProps) {
  const [name, setName] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const [openedWith, setOpenedWith] = useState<boolean>(false)
  if (open !== openedWith) {
    setOpenedWith(open)
    if (open) {
      setName(initial)
      setError(null)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.replace(/\s+/g, ' ').trim()
    if (!trimmed) {
      setError(NAME_REQUIRED)
      input.current?.focus()
      return
    }
    onName(trimmed)
  }

  return (
    <Dialog open={open} onClose={onCancel} title={title} initialFocusRef={input} size="sm">
      <form className="stack" onSubmit={submit} noValidate>
        <FormField
          ref={input}
          label="Trip name"
          name="title"
          maxLength={MAX_NAME}
          required
          value={name}
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="cluster cluster--end">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary">
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
