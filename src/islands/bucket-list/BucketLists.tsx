import { useState } from 'react'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { useConfirm } from '../ui/Dialog.tsx'
import { Loading } from '../ui/Loading.tsx'
import { toast } from '../ui/Toast.tsx'
import { useLoad } from '../ui/use-load.ts'
import { DraftCard, emptyRow } from './DraftCard.tsx'
import { SavedCard } from './SavedCard.tsx'
import type { Draft, SavedList } from './types.ts'

const LOAD_FAILED = 'Something went wrong. Please try again.'
let nextDraftKey = 1

/** My Bucket Lists: new lists are edited here, saved ones read as sentences, their items checked off. */
export function BucketLists() {
  const { data: lists, error: loadError, reload: load, setData: setLists } = useLoad(() => api<SavedList[]>('/api/bucketlist/all', { auth: true }), [])
  const [drafts, setDrafts] = useState<readonly Draft[]>([])
  const [deleting, setDeleting] = useState<string | null>(null)
  const { confirm, confirmDialog } = useConfirm()

  const newDraft = () => setDrafts((current) => [{ key: nextDraftKey++, title: '', rows: [emptyRow()] }, ...current])
  const updateDraft = (draft: Draft) => setDrafts((current) => current.map((other) => (other.key === draft.key ? draft : other)))
  const dropDraft = (key: number) => setDrafts((current) => current.filter((other) => other.key !== key))

  const saved = async (key: number) => {
    dropDraft(key)
    await load()
  }

  const check = async (listId: string, itemId: string, checked: boolean) => {
    const mark = (value: boolean) =>
      setLists(
        (current) =>
          current?.map((list) =>
            list.id !== listId ? list : { ...list, items: list.items.map((item) => (item.id === itemId ? { ...item, is_checked: value } : item)) },
          ) ?? null,
      )
    mark(checked)
    try {
      await api(`/api/bucketlist/item/${itemId}`, { method: 'PUT', auth: true, body: { is_checked: checked } })
    } catch {
      // Spec §8: a failed check is silently ignored; the box goes back to what the server has.
      mark(!checked)
    }
  }

  const remove = async (list: SavedList) => {
    if (!(await confirm({ message: 'Are you sure you want to delete this bucket list?', confirmLabel: 'Delete', confirmVariant: 'danger' }))) return
    setDeleting(list.id)
    try {
      await api(`/api/bucketlist/${list.id}`, { method: 'DELETE', auth: true })
      setLists((current) => current?.filter((other) => other.id !== list.id) ?? null)
      toast('Bucket list deleted', { kind: 'success' })
    } catch {
      toast('Something went wrong. Please try again.', { kind: 'error' })
    } finally {
      setDeleting(null)
    }
  }

  return (
    <div className="stack stack--lg">
      <div className="cluster cluster--between">
        <p className="muted">Places to see and things to do, with a date to aim for.</p>
        <Button variant="primary" onClick={newDraft}>
          + New Bucket List
        </Button>
      </div>
      {drafts.map((draft) => (
        <DraftCard key={draft.key} draft={draft} onChange={updateDraft} onDiscard={() => dropDraft(draft.key)} onSaved={() => saved(draft.key)} />
      ))}
      {loadError ? (
        <div className="empty-state" role="alert">
          <p>{LOAD_FAILED}</p>
          <Button onClick={() => void load()}>Try again</Button>
        </div>
      ) : lists === null ? (
        <Loading />
      ) : lists.length === 0 && drafts.length === 0 ? (
        <p className="empty-state">You have no bucket lists yet. Start one with “New Bucket List”.</p>
      ) : (
        lists.map((list) => (
          <SavedCard
            key={list.id}
            list={list}
            deleting={deleting === list.id}
            onCheck={(itemId, checked) => void check(list.id, itemId, checked)}
            onDelete={() => void remove(list)}
          />
        ))
      )}
      {confirmDialog}
    </div>
  )
}
