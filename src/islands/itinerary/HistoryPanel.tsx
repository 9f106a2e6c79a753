import { useEffect, useState } from 'react'
import { formatLocalDateTime, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { toast } from '../ui/Toast.tsx'
import { useLoad } from '../ui/use-load.ts'
import { CompareDialog } from './CompareDialog.tsx'
import { DayCalendar } from './DayCalendar.tsx'
import styles from './history.module.css'

export const HISTORY_FAILED = 'Failed to load the history of this itinerary. Please try again.'
export const RESTORE_FAILED = 'Failed to restore this version. Please try again.'

interface VersionEntry {
  readonly version: number
  readonly at: string
  readonly kind: string
  readonly title: string
  readonly changes: readonly string[]
  readonly shared_at: string | null
  readonly current: boolean
}

interface VersionPage {
  readonly versions: readonly VersionEntry[]
  /** Older versions follow. */
  readonly more: boolean
}

interface VersionDocument {
  readonly version: number
  readonly title: string
  readonly itinerary_data: PlanDay[]
}

const KIND_LABELS: Record<string, string> = { saved: 'Saved', edited: 'Edited', replanned: 'Re-planned', renamed: 'Renamed', restored: 'Restored' }

/** "3 places added in Porto, day 2 moved later by 1 h, renamed" with its first letter up. */
const sentence = (changes: readonly string[]) => {
  const text = changes.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export interface HistoryPanelProps {
  readonly open: boolean
  readonly savedId: string
  readonly onClose: () => void
  /** After a restore: the page loads the itinerary as it now is. */
  readonly onRestored: () => void
}

/**
 * History (a saved itinerary's versions): each save, rename, re-plan and restore with what it changed; any
 * version opens read-only in the calendar, any two compare side by side, and one can be restored (as a new
 * version: nothing is lost).
 */
export function HistoryPanel({ open, savedId, onClose, onRestored }: HistoryPanelProps) {
  const page = (before?: number) =>
    api<VersionPage>(`/api/saved-itineraries/${savedId}/versions${before === undefined ? '' : `?before=${before}`}`, { auth: true })
  const history = useLoad(async () => (open ? await page() : null), [open, savedId], { clearOnChange: true })
  const versions = history.data?.versions ?? null
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [documents] = useState(() => new Map<number, VersionDocument>())
  const [selected, setSelected] = useState<number[]>([])
  const [viewing, setViewing] = useState<VersionDocument | null>(null)
  const [comparing, setComparing] = useState<[VersionDocument, VersionDocument] | null>(null)
  const [busy, setBusy] = useState(false)

  // Each opening starts afresh: nothing selected, versions read again (a restore made a new one).
  useEffect(() => {
    if (!open) return
    setSelected([])
    documents.clear()
  }, [open, savedId])

  useEffect(() => {
    if (!history.error) return
    toast(HISTORY_FAILED, { kind: 'error' })
    onClose()
  }, [history.error])

  const load = async (version: number) => {
    const held = documents.get(version)
    if (held) return held
    const document = await api<VersionDocument>(`/api/saved-itineraries/${savedId}/versions/${version}`, { auth: true })
    documents.set(version, document)
    return document
  }

  const openVersion = async (version: number) => {
    try {
      setViewing(await load(version))
    } catch {
      toast(HISTORY_FAILED, { kind: 'error' })
    }
  }

  const compare = async () => {
    const [a, b] = [...selected].sort((x, y) => x - y)
    try {
      setComparing([await load(a!), await load(b!)])
    } catch {
      toast(HISTORY_FAILED, { kind: 'error' })
    }
  }

  const restore = async (version: number) => {
    setBusy(true)
    try {
      await api(`/api/saved-itineraries/${savedId}/versions/${version}/restore`, { auth: true, method: 'POST' })
      toast(`Version ${version} restored.`, { kind: 'success' })
      setViewing(null)
      onClose()
      onRestored()
    } catch {
      toast(RESTORE_FAILED, { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  /** The next page of older versions, under the ones listed. */
  const showOlder = async () => {
    const listed = history.data
    if (!listed) return
    setLoadingOlder(true)
    try {
      const older = await page(listed.versions.at(-1)?.version)
      history.setData({ versions: [...listed.versions, ...older.versions], more: older.more })
    } catch {
      toast(HISTORY_FAILED, { kind: 'error' })
    } finally {
      setLoadingOlder(false)
    }
  }

  const toggle = (version: number) =>
    setSelected((current) => (current.includes(version) ? current.filter((v) => v !== version) : [...current, version].slice(-2)))

  return (
    <>
      <Dialog
        open={open && viewing === null && comparing === null}
        onClose={onClose}
        title="History"
        size="lg"
        closeLabel="Close"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button variant="primary" disabled={selected.length !== 2} onClick={() => void compare()}>
              Compare selected
            </Button>
          </>
        }
      >
        {versions === null ? (
          <p className="muted">Loading…</p>
        ) : (
          <>
            <p className={`muted ${styles.line}`}>Select two versions to compare them side by side.</p>
            <ol className={styles.versions} aria-label="Versions">
              {versions.map((entry) => (
                <li key={entry.version} className={entry.current ? `${styles.item} ${styles.current}` : styles.item}>
                  <div className={styles.head}>
                    <label className={styles.pick}>
                      <input type="checkbox" checked={selected.includes(entry.version)} onChange={() => toggle(entry.version)} />
                      <span>
                        Version {entry.version} · {KIND_LABELS[entry.kind] ?? entry.kind}
                      </span>
                    </label>
                    {entry.current && <span className={styles.badge}>Current</span>}
                  </div>
                  <p className={`${styles.line} muted`}>
                    {formatLocalDateTime(entry.at)} · {entry.title}
                  </p>
                  <p className={styles.line}>{sentence(entry.changes)}</p>
                  {entry.shared_at && (
                    <p className={`${styles.line} muted`}>Share link made on {formatLocalDateTime(entry.shared_at)}, while this was the latest version</p>
                  )}
                  <div className={styles.actions}>
                    <Button size="sm" variant="secondary" onClick={() => void openVersion(entry.version)} aria-label={`Open version ${entry.version}`}>
                      Open
                    </Button>
                    {!entry.current && (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={busy}
                        onClick={() => void restore(entry.version)}
                        aria-label={`Restore version ${entry.version}`}
                      >
                        Restore
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ol>
            {history.data?.more && (
              <Button variant="secondary" loading={loadingOlder} onClick={() => void showOlder()}>
                Show older versions
              </Button>
            )}
          </>
        )}
      </Dialog>
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? `Version ${viewing.version} · ${viewing.title} (read-only)` : ''}
        size="xl"
        closeLabel="Close"
        footer={
          <>
            <Button variant="secondary" onClick={() => setViewing(null)}>
              Back to History
            </Button>
            {viewing && versions?.find((entry) => entry.version === viewing.version)?.current === false && (
              <Button variant="primary" loading={busy} onClick={() => void restore(viewing.version)}>
                Restore this version
              </Button>
            )}
          </>
        }
      >
        {viewing && <DayCalendar days={viewing.itinerary_data} label={`Version ${viewing.version}`} />}
      </Dialog>
      <CompareDialog
        open={comparing !== null}
        title={comparing ? `Version ${comparing[0].version} and version ${comparing[1].version}` : ''}
        before={comparing?.[0].itinerary_data ?? []}
        after={comparing?.[1].itinerary_data ?? []}
        beforeLabel={comparing ? `Version ${comparing[0].version}` : ''}
        afterLabel={comparing ? `Version ${comparing[1].version}` : ''}
        onCancel={() => setComparing(null)}
      />
    </>
  )
}
