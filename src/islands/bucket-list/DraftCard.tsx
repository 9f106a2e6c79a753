import { useRef } from 'react'
import { ACTIVITY_MAX, LOCATION_MAX, TITLE_MAX, validateBucketList } from '../../modules/bucket-list/rules.ts'
import { api } from '../session/api.ts'
import { $loggedIn } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { FormMessage } from '../auth/FormMessage.tsx'
import { FormProblem, useSubmit } from '../ui/use-submit.ts'
import styles from './bucket-list.module.css'
import { localToday, type Draft, type DraftRow } from './types.ts'

let nextRowKey = 1
export const emptyRow = (): DraftRow => ({ key: nextRowKey++, activity: '', location: '', target_date: '' })

interface Props {
  readonly draft: Draft
  readonly onChange: (draft: Draft) => void
  readonly onDiscard: () => void
  /** Called with the new list's id once the server has stored it. */
  readonly onSaved: (listId: string) => Promise<void>
}

/** A new, editable bucket list: a title and rows of activity, location and target date. */
export function DraftCard({ draft, onChange, onDiscard, onSaved }: Props) {
  const today = localToday()
  const titleId = `draft-${draft.key}-title`
  const { busy, error, onSubmit, clearError } = useSubmit({ describeFailure: () => 'Something went wrong while saving.' })
  // The rule message shown, if any: it goes as soon as the list no longer breaks that rule.
  const ruleMessage = useRef<string | null>(null)
  const change = (next: Draft) => {
    onChange(next)
    if (error === null || error !== ruleMessage.current) return
    const checked = validateBucketList({ title: next.title, items: next.rows }, today)
    if (checked.ok || checked.message !== error) clearError()
  }
  const setRow = (key: number, update: Partial<DraftRow>) =>
    change({ ...draft, rows: draft.rows.map((row) => (row.key === key ? { ...row, ...update } : row)) })

  const save = onSubmit(async () => {
    if (!$loggedIn.get()) throw new FormProblem('You must be logged in.')
    const checked = validateBucketList({ title: draft.title, items: draft.rows }, today)
    ruleMessage.current = checked.ok ? null : checked.message
    if (!checked.ok) throw new FormProblem(checked.message)
    const items = checked.items.map((item) => ({ activity: item.activity, location: item.location, target_date: item.targetDate, is_checked: false }))
    const answer = await api<{ bucketListId: string }>('/api/bucketlist/create', { auth: true, body: { title: checked.title, items } })
    await onSaved(answer.bucketListId)
  })

  return (
    <section className={`card ${styles.card} ${styles.draft}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        New bucket list
      </h2>
      <Form className="stack" onSubmit={save} noValidate>
        <FormField
          label="Title"
          value={draft.title}
          maxLength={TITLE_MAX}
          required
          placeholder="e.g. Before I turn 40"
          onChange={(event) => change({ ...draft, title: event.target.value })}
        />
        <ol className={styles.rows}>
          {draft.rows.map((row, index) => (
            <li key={row.key} className={styles.row}>
              <FormField
                label="Activity"
                value={row.activity}
                maxLength={ACTIVITY_MAX}
                placeholder="See the northern lights"
                onChange={(event) => setRow(row.key, { activity: event.target.value })}
              />
              <FormField
                label="Location"
                value={row.location}
                maxLength={LOCATION_MAX}
                placeholder="Tromsø"
                onChange={(event) => setRow(row.key, { location: event.target.value })}
              />
              <FormField
                label="Target Date"
                type="date"
                min={today}
                value={row.target_date}
                onChange={(event) => setRow(row.key, { target_date: event.target.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                className={styles.remove}
                disabled={draft.rows.length === 1}
                aria-label={`Remove item ${index + 1}`}
                onClick={() => change({ ...draft, rows: draft.rows.filter((other) => other.key !== row.key) })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        <div>
          <Button size="sm" onClick={() => onChange({ ...draft, rows: [...draft.rows, emptyRow()] })}>
            + Add item
          </Button>
        </div>
        <FormMessage error={error} />
        <div className="cluster cluster--end">
          <Button onClick={onDiscard} disabled={busy}>
            Discard
          </Button>
          <Button type="submit" variant="primary" loading={busy} loadingText="Saving…">
            Save
          </Button>
        </div>
      </Form>
    </section>
  )
}
