import { useEffect, useId, useState } from 'react'
import { USER_SEARCH_MIN } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { Combobox } from '../ui/Combobox.tsx'
import { Avatar } from './Avatar.tsx'
import { profileHref, type UserEntry } from './types.ts'
import segmented from './segmented.module.css'
import styles from './user-search.module.css'

const DEBOUNCE_MS = 200

const NONE: readonly UserEntry[] = []

/** The text user search looks for: one leading "@" is how people write a username, not part of it. */
const searchText = (text: string) => text.trim().replace(/^@/, '')

/**
 * The search bar (spec §2, §9): Locations filter the feed (a plain search box), Users list matching
 * travellers (a combobox: arrows move through the list, Enter opens the profile, Escape closes it).
 */
export function ShareSearch({ onLocation }: { onLocation: (location: string) => void }) {
  const [mode, setMode] = useState<'locations' | 'users'>('locations')
  const [text, setText] = useState('')
  const [results, setResults] = useState<UserEntry[] | null>(null)
  const inputId = useId()

  useEffect(() => {
    const timer = setTimeout(() => {
      if (mode === 'locations') return onLocation(text.trim())
      if (searchText(text).length < USER_SEARCH_MIN) return setResults(null)
      const controller = new AbortController()
      api<UserEntry[]>(`/api/roam-share-posts/user-search?q=${encodeURIComponent(searchText(text))}`, { auth: true, signal: controller.signal })
        .then(setResults)
        .catch(() => setResults([]))
      return () => controller.abort()
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, mode, onLocation])

  const switchTo = (next: 'locations' | 'users') => {
    setMode(next)
    setResults(null)
    if (next === 'users') onLocation('')
  }
  const users = mode === 'users'
  const searched = searchText(text).length >= USER_SEARCH_MIN
  const go = (user: UserEntry) => window.location.assign(profileHref(user.username))

  return (
    <div className={styles.search} role="search">
      <div className={segmented.segmented} role="group" aria-label="Search for">
        <button type="button" aria-pressed={mode === 'locations'} onClick={() => switchTo('locations')}>
          Locations
        </button>
        <button type="button" aria-pressed={users} onClick={() => switchTo('users')}>
          Users
        </button>
      </div>
      <div className={styles.box}>
        <label htmlFor={inputId} className="sr-only">
          {users ? 'Search users' : 'Search locations'}
        </label>
        {users ? (
          <Combobox
            id={inputId}
            value={text}
            onInput={setText}
            items={searched ? (results ?? NONE) : NONE}
            itemKey={(user) => user.user_id}
            onPick={go}
            listLabel="Users found"
            listClassName={styles.results}
            inputProps={{ className: 'input', type: 'text', placeholder: 'Search travellers by username' }}
            renderItem={(user) => (
              <>
                <Avatar src={user.profile_picture} name={user.username} size="sm" />
                <span>
                  <strong>@{user.username}</strong>
                  {user.bio && <span className="muted text-sm"> {user.bio}</span>}
                </span>
              </>
            )}
            after={(open) =>
              open &&
              searched &&
              results?.length === 0 && (
                <p className={`combobox__list ${styles.results} muted`} role="status">
                  No users found.
                </p>
              )
            }
          />
        ) : (
          <input
            id={inputId}
            className="input"
            type="search"
            value={text}
            placeholder="Search posts by location"
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </div>
    </div>
  )
}
