import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { USERS_PAGE_SIZE, WARNING_REQUIRED } from '../../modules/admin/rules.ts'
import { moderationBarrier } from '../../modules/auth/rules.ts'
import { api } from '../session/api.ts'
import { $user } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loaded } from '../ui/Loaded.tsx'
import { toast } from '../ui/Toast.tsx'
import { useLoad } from '../ui/use-load.ts'
import { count, longDay } from './format.ts'
import { NoteDialog, type NoteRequest } from './NoteDialog.tsx'
import parts from './tab-parts.module.css'
import tables from './tables.module.css'
import type { AdminUserRow } from './types.ts'

type Action = 'block' | 'unblock' | 'delete' | 'warn'
interface Pending {
  readonly action: Action
  readonly user: AdminUserRow
  readonly request: NoteRequest
}

const SEARCH_DELAY_MS = 250

function requestFor(action: Action, user: AdminUserRow, latest: string | null): NoteRequest {
  const who = user.email ?? user.id
  switch (action) {
    case 'block':
      return { title: `Are you sure you want to block ${who}?`, confirmLabel: 'Block', confirmVariant: 'danger', noteLabel: 'Reason', noteRequired: false }
    case 'unblock':
      return { title: `Are you sure you want to unblock ${who}?`, confirmLabel: 'Unblock', confirmVariant: 'primary', noteLabel: 'Reason', noteRequired: false }
    case 'delete':
      return {
        title: `Are you sure you want to delete ${who}? This removes the account, its personal data and its content, and cannot be undone.`,
        confirmLabel: 'Delete',
        confirmVariant: 'danger',
        noteLabel: 'Reason',
        noteRequired: false,
      }
    case 'warn':
      return {
        title: `Warn ${who}`,
        confirmLabel: 'Save warning',
        confirmVariant: 'primary',
        noteLabel: 'Warning',
        noteRequired: true,
        extra: (
          <p className="text-sm">
            <strong>Latest warning:</strong> {latest ?? 'none yet'}
          </p>
        ),
      }
  }
}

/** Users: search by e-mail or username and by status; block, unblock, warn, delete; super-admins grant the admin role. */
const USER_COLUMNS = ['User', 'Role', 'Status', 'Last active', 'Warnings', 'Actions'] as const

export function UsersTab() {
  const me = useStore($user)
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<'' | 'active' | 'banned'>('')
  const [offset, setOffset] = useState(0)
  const load = useLoad(
    () => fetchUsers(new URLSearchParams({ search, status, limit: String(USERS_PAGE_SIZE), offset: String(offset) })),
    [search, status, offset],
    { delayMs: SEARCH_DELAY_MS },
  )
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)
  const [dialogError, setDialogError] = useState<string | null>(null)

  async function open(action: Action, user: AdminUserRow) {
    setDialogError(null)
    let latest: string | null = null
    if (action === 'warn') {
      try {
        latest = (await api<{ reason: string | null }>(`/api/admin/users/${user.id}/warnings/latest`, { auth: true })).reason
      } catch (failure) {
        console.error(failure)
      }
    }
    setPending({ action, user, request: requestFor(action, user, latest) })
  }

  async function confirm(note: string) {
    if (!pending) return
    const { action, user } = pending
    if (action === 'warn' && note.trim() === '') return setDialogError(WARNING_REQUIRED)
    setBusy(true)
    try {
      const path = action === 'warn' ? `/api/admin/users/${user.id}/warnings` : `/api/admin/${action}/${user.id}`
      const answer = await api<{ message: string }>(path, { auth: true, body: { reason: note } })
      toast(answer.message, { kind: 'success' })
      setPending(null)
      await load.reload()
    } catch (failure) {
      console.error(failure)
      const message = (failure as Error).message
      toast(action === 'delete' ? `Error deleting user: ${message}` : `Error: ${message}`, { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  async function setRole(user: AdminUserRow, role: 'user' | 'admin') {
    try {
      toast((await api<{ message: string }>(`/api/admin/users/${user.id}/role`, { auth: true, body: { role } })).message, { kind: 'success' })
      await load.reload()
    } catch (failure) {
      console.error(failure)
      toast(`Error: ${(failure as Error).message}`, { kind: 'error' })
    }
  }

  const isSuperAdmin = me?.role.toLowerCase() === 'super-admin'
  return (
    <div className="stack">
      <div className={parts.filters}>
        <FormField
          label="Search by username or email"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setOffset(0)
          }}
        />
        <FormField
          as="select"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as typeof status)
            setOffset(0)
          }}
        >
          <option value="">All</option>
          <option value="active">Active</option>
          <option value="banned">Banned</option>
        </FormField>
      </div>
      <Loaded load={load} loading="Loading users…">
        {({ rows, total, atLeast }) => (
          <>
            <p className="muted text-sm" role="status">
              {total === 0
                ? 'No users match.'
                : `${count(total)} user${total === 1 ? '' : 's'}${total > rows.length ? `, showing ${offset + 1}–${offset + rows.length}` : ''}`}
            </p>
            <div className={tables.scroll}>
              {/* Explicit roles: on a phone the rows are laid out as cards (display: block). */}
              <table className={`${tables.table} ${tables.usersTable}`} role="table">
                <caption className="visually-hidden">Users</caption>
                <thead>
                  <tr role="row">
                    {USER_COLUMNS.map((column) => (
                      <th key={column} scope="col" role="columnheader">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((user) => {
                    // Only the actions this viewer may take are shown (the server refuses the others anyway).
                    const mayModerate = !!me && moderationBarrier(me, user) === undefined
                    const who = user.email ?? user.id
                    return (
                      <tr key={user.id} role="row">
                        <th scope="row" role="rowheader">
                          <span className={tables.who}>
                            <span>{user.email ?? '—'}</span>
                            <span className="muted text-sm">{user.username ? `@${user.username}` : 'No username yet'}</span>
                          </span>
                        </th>
                        <td role="cell" data-label="Role">
                          {user.role}
                        </td>
                        <td role="cell" data-label="Status">
                          <span className={user.is_blocked ? `badge ${parts.dangerBadge}` : 'badge'}>{user.is_blocked ? 'banned' : 'active'}</span>
                        </td>
                        <td role="cell" data-label="Last active">
                          {user.last_active_day ? longDay(user.last_active_day) : 'Never'}
                        </td>
                        <td role="cell" data-label="Warnings">
                          {user.warnings}
                        </td>
                        <td role="cell" data-label="Actions">
                          <div className={parts.rowActions}>
                            {mayModerate &&
                              (user.is_blocked ? (
                                <Button size="sm" onClick={() => void open('unblock', user)} aria-label={`Unblock ${who}`}>
                                  Unblock
                                </Button>
                              ) : (
                                <Button size="sm" onClick={() => void open('block', user)} aria-label={`Block ${who}`}>
                                  Block
                                </Button>
                              ))}
                            {mayModerate && (
                              <Button size="sm" onClick={() => void open('warn', user)} aria-label={`Warn ${who}`}>
                                Warn
                              </Button>
                            )}
                            {isSuperAdmin && user.role !== 'super-admin' && user.id !== me?.id && (
                              <Button
                                size="sm"
                                onClick={() => void setRole(user, user.role === 'admin' ? 'user' : 'admin')}
                                aria-label={`${user.role === 'admin' ? 'Remove admin role from' : 'Make admin'} ${who}`}
                              >
                                {user.role === 'admin' ? 'Remove admin' : 'Make admin'}
                              </Button>
                            )}
                            {mayModerate && (
                              <Button size="sm" variant="danger" onClick={() => void open('delete', user)} aria-label={`Delete ${who}`}>
                                Delete
                              </Button>
                            )}
                          </div>
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
            <div className="cluster cluster--between">
              <Button size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - USERS_PAGE_SIZE))}>
                Previous
              </Button>
              <Button
                size="sm"
                disabled={atLeast ? rows.length < USERS_PAGE_SIZE : offset + rows.length >= total}
                onClick={() => setOffset(offset + USERS_PAGE_SIZE)}
              >
                Next
              </Button>
            </div>
          </>
        )}
      </Loaded>
      <NoteDialog
        request={pending?.request ?? null}
        busy={busy}
        error={dialogError}
        onConfirm={(note) => void confirm(note)}
        onCancel={() => setPending(null)}
      />
    </div>
  )
}

/** GET /api/admin/users: the rows, and the total from X-Total-Count ("1000+" when there are more than 1000). */
async function fetchUsers(query: URLSearchParams): Promise<{ rows: AdminUserRow[]; total: number; atLeast: boolean }> {
  let header = ''
  const rows = await api<AdminUserRow[]>(`/api/admin/users?${query}`, {
    auth: true,
    onResponse: (response) => (header = response.headers.get('x-total-count') ?? ''),
  })
  return { rows, total: Number.parseInt(header, 10) || rows.length, atLeast: header.endsWith('+') }
}
