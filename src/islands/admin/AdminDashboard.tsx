import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { $user } from '../session/store.ts'
import { ActivityTab } from './ActivityTab.tsx'
import { DashboardTab } from './DashboardTab.tsx'
import { PostsTab } from './PostsTab.tsx'
import { UsersTab } from './UsersTab.tsx'
import styles from './admin-dashboard.module.css'

const TABS = [
  { id: 'dashboard', label: 'Dashboard', panel: DashboardTab },
  { id: 'users', label: 'Users', panel: UsersTab },
  { id: 'posts', label: 'Posts', panel: PostsTab },
  { id: 'activity', label: 'Activity', panel: ActivityTab },
] as const
type TabId = (typeof TABS)[number]['id']

const fromHash = (): TabId => TABS.find((tab) => `#${tab.id}` === (typeof location === 'undefined' ? '' : location.hash))?.id ?? 'dashboard'

/** The admin dashboard: side tabs (arrow keys move between them), the open tab kept in the address (#users). */
export function AdminDashboard() {
  const user = useStore($user)
  const [active, setActive] = useState<TabId>('dashboard')
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({})

  useEffect(() => {
    setActive(fromHash())
    const follow = () => setActive(fromHash())
    window.addEventListener('hashchange', follow)
    return () => window.removeEventListener('hashchange', follow)
  }, [])

  const select = (id: TabId, focus = false) => {
    setActive(id)
    history.replaceState(null, '', `#${id}`)
    if (focus) buttons.current[id]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === active)
    const next = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(TABS[(next + TABS.length) % TABS.length]!.id, true)
  }

  // The page's guard shows the denial; this only keeps the panels from calling the API for others.
  if (!user || !['admin', 'super-admin'].includes(user.role.toLowerCase())) return null
  const Panel = TABS.find((tab) => tab.id === active)!.panel
  return (
    <div className={styles.dashboard}>
      <div className={styles.tabs} role="tablist" aria-label="Admin sections" aria-orientation="vertical" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[tab.id] = element
            }}
            id={`tab-${tab.id}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={active === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section id={`panel-${active}`} className={styles.panel} role="tabpanel" aria-labelledby={`tab-${active}`} tabIndex={0}>
        <h2 className={styles.panelTitle}>{TABS.find((tab) => tab.id === active)!.label}</h2>
        <Panel />
      </section>
    </div>
  )
}
