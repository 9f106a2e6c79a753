import { useEffect, useState } from 'react'
import { api } from '../session/api.ts'
import { Dialog } from '../ui/Dialog.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loading } from '../ui/Loading.tsx'
import { Avatar } from './Avatar.tsx'
import { profileHref, type UserEntry } from './types.ts'

export type UserListKind = 'followers' | 'following'

/** Followers or following of a user, with a search box (spec §2 Profile). */
export function UserListModal({ userId, kind, onClose }: { userId: string; kind: UserListKind | null; onClose: () => void }) {
  const [entries, setEntries] = useState<UserEntry[] | null>(null)
  const [query, setQuery] = useState('')
  useEffect(() => {
    if (!kind) return
    setEntries(null)
    setQuery('')
    api<UserEntry[]>(`/api/roam-share-posts/${kind}/${userId}`, { auth: true })
      .then(setEntries)
      .catch(() => setEntries([]))
  }, [kind, userId])
  const shown = (entries ?? []).filter((entry) => entry.username.toLowerCase().includes(query.trim().toLowerCase()))
  return (
    <Dialog open={kind !== null} onClose={onClose} title={kind === 'following' ? 'Following' : 'Followers'} closeLabel="Close">
      <div className="stack stack--sm">
        <FormField label="Search users" type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        {entries === null ? (
          <Loading />
        ) : entries.length === 0 ? (
          <p className="muted">{kind === 'following' ? 'Not following anyone yet.' : 'No followers found.'}</p>
        ) : shown.length === 0 ? (
          <p className="muted">User not found</p>
        ) : (
          <ul className="user-list" role="list">
            {shown.map((entry) => (
              <li key={entry.user_id}>
                <a className="user-list__item" href={profileHref(entry.username)}>
                  <Avatar src={entry.profile_picture} name={entry.username} size="sm" />
                  <span>@{entry.username}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
