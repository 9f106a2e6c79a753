import { useEffect, useId, useRef, useState } from 'react'
import { USER_SEARCH_MIN } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { Avatar } from './Avatar.tsx'
import { profileHref, type UserEntry } from './types.ts'

const DEBOUNCE_MS = 200
const HIDE_AFTER_BLUR_MS = 120

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
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const listId = useId()
  const inputId = useId()

  useEffect(() => {
    const timer = setTimeout(() => {
      if (mode === 'locations') return onLocation(text.trim())
      if (searchText(text).length < USER_SEARCH_MIN) return setResults(null)
      const controller = new AbortController()
      api<UserEntry[]>(`/api/roam-share-posts/user-search?q=${encodeURIComponent(searchText(text))}`, { auth: true, signal: controller.signal })
        .then((found) => {
          setResults(found)
          setActive(-1)
        })
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
  const searched = users && open && results !== null && searchText(text).length >= USER_SEARCH_MIN
  const expanded = searched && results.length > 0
  const go = (user: UserEntry) => window.location.assign(profileHref(user.username))
  const optionId = (index: number) => `${listId}-${index}`

  return (
    <div className="share-search" role="search">
      <div className="segmented" role="group" aria-label="Search for">
        <button type="button" aria-pressed={mode === 'locations'} onClick={() => switchTo('locations')}>
          Locations
        </button>
        <button type="button" aria-pressed={users} onClick={() => switchTo('users')}>
          Users
        </button>
      </div>
      <div className="share-search__box">
        <label htmlFor={inputId} className="sr-only">
          {users ? 'Search users' : 'Search locations'}
        </label>
        <input
          id={inputId}
          className="input"
          type={users ? 'text' : 'search'}
          value={text}
          placeholder={users ? 'Search travellers by username' : 'Search posts by location'}
          autoComplete="off"
          {...(users && {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': expanded,
            'aria-controls': listId,
            'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
          })}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onKeyDown={(event) => {
            if (!expanded) return
            if (event.key === 'ArrowDown') setActive((active + 1) % results.length)
            else if (event.key === 'ArrowUp') setActive((active + results.length - 1) % results.length)
            else if (event.key === 'Enter' && active >= 0) go(results[active]!)
            else if (event.key === 'Escape') setOpen(false)
            else return
            event.preventDefault()
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current)
            setOpen(true)
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS)
          }}
        />
        {users && (
          <ul id={listId} role="listbox" className="share-search__results" aria-label="Users found" hidden={!expanded}>
            {(results ?? []).map((user, index) => (
              <li
                key={user.user_id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(user)}
              >
                <Avatar src={user.profile_picture} name={user.username} size="sm" />
                <span>
                  <strong>@{user.username}</strong>
                  {user.bio && <span className="muted text-sm"> {user.bio}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
        {searched && results.length === 0 && (
          <p className="share-search__results muted" role="status">
            No users found.
          </p>
        )}
      </div>
    </div>
  )
}
