import { useState } from 'react'
import { api } from '../session/api.ts'
import { Dialog } from '../ui/Dialog.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loading } from '../ui/Loading.tsx'
import { useLoad } from '../ui/use-load.ts'
import { Avatar } from './Avatar.tsx'
import { profileHref, type UserEntry } from './types.ts'
import styles from './user-list-modal.module.css'

export type UserListKind = 'followers' | 'following'

/** Followers or following of a user, with a search box (spec §2 Profile). */
export function UserListModal({ userId, kind, onClose }: { userId: string; kind: UserListKind | null; onClose: () => void }) {
  return (
    <Dialog open={kind !== null} onClose={onClose} title={kind === 'following' ? 'Following' : 'Followers'} closeLabel="Close">
      {/* Mounted while the dialog is open: each opening loads the list afresh with an empty search box. */}
      {kind && <UserList key={kind} userId={userId} kind={kind} />}
    </Dialog>
  )
}

function UserList({ userId, kind }: { userId: string; kind: UserListKind }) {
  // A list that cannot be loaded reads as an empty one.
  const { data: entries } = useLoad(
    () => api<UserEntry[]>(`/api/roam-share-posts/${kind}/${userId}`, { auth: true }).catch((): UserEntry[] => []),
    [kind, userId],
  )
  const [query, setQuery] = useState('')
  const shown = (entries ?? []).filter((entry) => entry.username.toLowerCase().includes(query.trim().toLowerCase()))
  return (
    <div className="stack stack--sm">
      <FormField label="Search users" type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      {entries === null ? (
        <Loading />
      ) : entries.length === 0 ? (
        <p className="muted">{kind === 'following' ? 'Not following anyone yet.' : 'No followers found.'}</p>
      ) : shown.length === 0 ? (
        <p className="muted">User not found</p>
      ) : (
        <ul className={styles.list} role="list">
          {shown.map((entry) => (
            <li key={entry.user_id}>
              <a className={styles.user} href={profileHref(entry.username)}>
                <Avatar src={entry.profile_picture} name={entry.username} size="sm" />
                <span>@{entry.username}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
