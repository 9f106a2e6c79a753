import { useEffect, useId, useRef, useState } from 'react'
import { USER_SEARCH_MIN } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { Avatar } from './Avatar.tsx'
import { profileHref, type UserEntry } from './types.ts'

const DEBOUNCE_MS = 200
const HIDE_AFTER_BLUR_MS = 120

/** The search bar (spec §2, §9): Locations filter the feed, Users list matching travellers. */
export function ShareSearch({ onLocation }: { onLocation: (location: string) => void }) {
  const [mode, setMode] = useState<'locations' | 'users'>('locations')
  const [text, setText] = useState('')
  const [results, setResults] = useState<UserEntry[]>([])
  const [open, setOpen] = useState(false)
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const listId = useId()
  const inputId = useId()

  useEffect(() => {
    const timer = setTimeout(() => {
      if (mode === 'locations') return onLocation(text.trim())
      if (text.trim().length < USER_SEARCH_MIN) return setResults([])
      const controller = new AbortController()
      api<UserEntry[]>(`/api/roam-share-posts/user-search?q=${encodeURIComponent(text.trim())}`, { auth: true, signal: controller.signal })
        .then(setResults)
        .catch(() => setResults([]))
      return () => controller.abort()
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, mode, onLocation])

  const switchTo = (next: 'locations' | 'users') => {
    setMode(next)
    setResults([])
    if (next === 'users') onLocation('')
  }
  const showList = mode === 'users' && open && text.trim().length >= USER_SEARCH_MIN
  return (
    <div className="share-search" role="search">
      <div className="segmented" role="group" aria-label="Search for">
        <button type="button" aria-pressed={mode === 'locations'} onClick={() => switchTo('locations')}>
          Locations
        </button>
        <button type="button" aria-pressed={mode === 'users'} onClick={() => switchTo('users')}>
          Users
        </button>
      </div>
      <div className="share-search__box">
        <label htmlFor={inputId} className="sr-only">
          {mode === 'users' ? 'Search users' : 'Search locations'}
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          value={text}
          placeholder={mode === 'users' ? 'Search travellers by username' : 'Search posts by location'}
          autoComplete="off"
          aria-controls={showList ? listId : undefined}
          aria-expanded={mode === 'users' ? showList : undefined}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => {
            clearTimeout(hideTimer.current)
            setOpen(true)
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS)
          }}
        />
        {showList && (
          <ul id={listId} className="share-search__results" aria-label="Users found">
            {results.length === 0 ? (
              <li className="muted">No users found.</li>
            ) : (
              results.map((user) => (
                <li key={user.user_id}>
                  <a
                    href={profileHref(user.username)}
                    onFocus={() => clearTimeout(hideTimer.current)}
                    onBlur={() => (hideTimer.current = setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS))}
                  >
                    <Avatar src={user.profile_picture} name={user.username} size="sm" />
                    <span>
                      <strong>@{user.username}</strong>
                      {user.bio && <span className="muted text-sm"> {user.bio}</span>}
                    </span>
                  </a>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
    </div>
  )
}
