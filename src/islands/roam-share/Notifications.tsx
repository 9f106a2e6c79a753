import { useEffect, useState } from 'react'
import { api } from '../session/api.ts'
import { Loading } from '../ui/Loading.tsx'
import './share.css'

interface Notification {
  readonly id: string
  readonly message: string
  readonly createdAt: string
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`

/** "Today", "Yesterday" or a long date (spec §2). */
export function dayHeading(date: Date, now: Date): string {
  const yesterday = new Date(now)
  yesterday.setDate(now.getDate() - 1)
  if (dayKey(date) === dayKey(now)) return 'Today'
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday'
  return date.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
}

const time = (date: Date) => `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`

/** Notifications grouped by day with HH:MM times; a failed fetch shows an empty list (spec §8). */
export function Notifications() {
  const [items, setItems] = useState<Notification[] | null>(null)
  useEffect(() => {
    api<Notification[]>('/api/notifications', { auth: true })
      .then(setItems)
      .catch(() => setItems([]))
  }, [])
  if (!items) return <Loading />
  if (items.length === 0) return <p className="empty-state">No notifications yet.</p>
  const now = new Date()
  const groups = new Map<string, Notification[]>()
  for (const item of items) {
    const heading = dayHeading(new Date(item.createdAt), now)
    groups.set(heading, [...(groups.get(heading) ?? []), item])
  }
  return (
    <div className="notifications stack">
      {[...groups].map(([heading, group]) => (
        <section key={heading} aria-label={heading} className="stack stack--sm">
          <h2 className="notifications__day">{heading}</h2>
          <ul className="notifications__list" role="list">
            {group.map((item) => (
              <li key={item.id} className="notifications__item card">
                <span>{item.message}</span>
                <time dateTime={item.createdAt} className="muted text-sm">
                  {time(new Date(item.createdAt))}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
