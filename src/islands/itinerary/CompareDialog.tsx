import type { PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { CompareView } from './CompareView.tsx'

export interface CompareDialogProps {
  readonly open: boolean
  readonly title: string
  readonly before: readonly PlanDay[]
  readonly after: readonly PlanDay[]
  readonly beforeLabel: string
  readonly afterLabel: string
  /** With Accept and Cancel (a re-plan); without, only Close (comparing versions). */
  readonly onAccept?: (() => void) | undefined
  readonly onCancel: () => void
}

/** The compare view in a dialog: what would change (or what changed between two versions), day by day. */
export function CompareDialog({ open, title, before, after, beforeLabel, afterLabel, onAccept, onCancel }: CompareDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="xl"
      closeLabel="Close"
      closeOnBackdrop={false}
      bodyLabel="Changes, day by day"
      footer={
        onAccept ? (
          <>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" onClick={onAccept}>
              Accept
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            Close
          </Button>
        )
      }
    >
      {open && <CompareView before={before} after={after} beforeLabel={beforeLabel} afterLabel={afterLabel} />}
    </Dialog>
  )
}
