import { useState } from 'react'
import { ACTION_LABELS, ACTIONS, USERS_PAGE_SIZE } from '../../modules/admin/rules.ts'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loaded } from '../ui/Loaded.tsx'
import { useLoad } from '../ui/use-load.ts'
import { count, dateTime } from './format.ts'
import parts from './tab-parts.module.css'
import tables from './tables.module.css'
import type { HistoryEntry } from './types.ts'

const FILTER_DELAY_MS = 250
const EMPTY = { admin: '', target: '', action: '', from: '', to: '' }

const person = (email: string | null, id: string | null, fallback: string) => (id === null ? fallback : (email ?? `Deleted account (${id.slice(0, 8)}…)`))

/** Activity: every moderation action from the log's history, newest first, with filters. */
export function ActivityTab() {
  const [filter, setFilter] = useState(EMPTY)
  const [offset, setOffset] = useState(0)
  const load = useLoad(() => fetchActivity(new URLSearchParams({ ...filter, limit: String(USERS_PAGE_SIZE), offset: String(offset) })), [filter, offset], {
    delayMs: FILTER_DELAY_MS,
  })
  const total = load.data?.total ?? 0

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setFilter({ ...filter, [field]: event.target.value })
    setOffset(0)
  }

  return (
    <div className="stack">
      <div className={parts.activityFilters}>
        <FormField label="Admin" type="search" placeholder="e-mail or id" value={filter.admin} onChange={set('admin')} />
        <FormField label="User" type="search" placeholder="e-mail or id" value={filter.target} onChange={set('target')} />
        <FormField as="select" label="Action" value={filter.action} onChange={set('action')}>
          <option value="">All actions</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </FormField>
        <FormField label="From" type="date" value={filter.from} onChange={set('from')} />
        <FormField label="To" type="date" value={filter.to} onChange={set('to')} />
      </div>
      <div className="cluster cluster--between">
        <p className="muted text-sm" role="status">
          {load.data === null ? '' : total === 0 ? 'No moderation actions match.' : `${count(total)} action${total === 1 ? '' : 's'}`}
        </p>
        <Button size="sm" onClick={() => void load.reload()}>
          Refresh
        </Button>
      </div>
      <Loaded load={load} loading="Loading the moderation history…">
        {({ entries }) =>
          entries.length > 0 && (
            <div className={tables.scroll}>
              <table className={tables.table}>
                <caption className="visually-hidden">Moderation history</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Action</th>
                    <th scope="col">User</th>
                    <th scope="col">By</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        <time dateTime={entry.at}>{dateTime(entry.at)}</time>
                      </td>
                      <td>
                        {ACTION_LABELS[entry.action]}
                        {entry.detail && <span className="muted text-sm"> ({entry.detail})</span>}
                      </td>
                      <td className={parts.wrapAnywhere}>
                        {entry.post_id && entry.target_email === null ? 'Deleted post of a deleted account' : person(entry.target_email, entry.target_id, '—')}
                        {entry.post_id && <span className="muted text-sm"> (post {entry.post_id.slice(0, 8)})</span>}
                      </td>
                      <td className={parts.wrapAnywhere}>
                        {person(entry.admin_email, entry.admin_id, entry.action === 'delete' ? 'Account owner' : 'Operator (command line)')}
                      </td>
                      <td className={parts.wrapAnywhere}>{entry.note ?? <span className="muted">—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      {load.data !== null && total > USERS_PAGE_SIZE && (
        <div className="cluster cluster--between">
          <Button size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - USERS_PAGE_SIZE))}>
            Previous
          </Button>
          <Button size="sm" disabled={offset + load.data.entries.length >= total} onClick={() => setOffset(offset + USERS_PAGE_SIZE)}>
            Next
          </Button>
        </div>
      )}
    </div>
  )
}

/** GET /api/admin/activity: a page of the history, and how many entries match (X-Total-Count). */
async function fetchActivity(query: URLSearchParams): Promise<{ entries: HistoryEntry[]; total: number }> {
  let found = 0
  const entries = await api<HistoryEntry[]>(`/api/admin/activity?${query}`, {
    auth: true,
    onResponse: (response) => (found = Number(response.headers.get('x-total-count') ?? 0)),
  })
  return { entries, total: found || entries.length }
}
