import { useState } from 'react'
import { REPORT_REASONS, reportReason } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { FormField } from '../ui/FormField.tsx'
import { toast } from '../ui/Toast.tsx'
import styles from './report-modal.module.css'

/** Report Post (spec §4, §5, §8): reasons, Other with its text, then "Report submitted. Thank you!". */
export function ReportModal({ postId, onClose }: { postId: string | null; onClose: () => void }) {
  const [chosen, setChosen] = useState<string[]>([])
  const [other, setOther] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const close = () => {
    setChosen([])
    setOther('')
    setProblem(null)
    onClose()
  }
  const submit = async () => {
    const result = reportReason(chosen, other)
    if ('problem' in result) return setProblem(result.problem)
    setBusy(true)
    try {
      await api('/api/roam-share-posts/report', { auth: true, body: { post_id: postId, reason: result.reason } })
      toast('Report submitted. Thank you!', { kind: 'success' })
      close()
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0
      setProblem(status === 0 ? 'Error submitting report.' : 'Failed to report the post.')
    } finally {
      setBusy(false)
    }
  }
  /** A rule's message goes as soon as the choice no longer breaks that rule. */
  const recheck = (nextChosen: string[], nextOther: string) => {
    const result = reportReason(nextChosen, nextOther)
    if (problem && (!('problem' in result) || result.problem !== problem) && problem !== 'Error submitting report.' && problem !== 'Failed to report the post.')
      setProblem(null)
  }
  const toggle = (reason: string) => {
    const next = chosen.includes(reason) ? chosen.filter((r) => r !== reason) : [...chosen, reason]
    setChosen(next)
    recheck(next, other)
  }
  const typeOther = (text: string) => {
    setOther(text)
    recheck(chosen, text)
  }
  return (
    <Dialog
      open={postId !== null}
      onClose={close}
      title="Report Post"
      closeLabel="Close"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void submit()} loading={busy}>
            Submit Report
          </Button>
        </>
      }
    >
      <fieldset className="stack stack--sm">
        <legend>Why are you reporting this post?</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className={styles.reason}>
            <input type="checkbox" checked={chosen.includes(reason)} onChange={() => toggle(reason)} /> {reason}
          </label>
        ))}
        {chosen.includes('Other') && (
          <FormField as="textarea" label="Your reason" value={other} maxLength={900} onChange={(event) => typeOther(event.target.value)} rows={3} />
        )}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
      </fieldset>
    </Dialog>
  )
}
