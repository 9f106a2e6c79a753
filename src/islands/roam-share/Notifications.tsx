import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { api } from '../session/api.ts'
import { $user } from '../session/store.ts'
import { markSeen } from '../session/unread.ts'
import { Loading } from '../ui/Loading.tsx'
import { useLoad } from '../ui/use-load.ts'
import { Avatar } from './Avatar.tsx'
import { longDay } from './dates.ts'
import styles from './notifications.module.css'

interface Notification {
  readonly id: string
  readonly message: string
  readonly createdAt: string
  readonly actor: { readonly username: string; readonly profile_picture: string | null } | null
  readonly link: string | null
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`

/** "Today", "Yesterday" or a long date (spec §2). */
export function dayHeading(date: Date, now: Date): string {
  const yesterday = new Date(now)
  yesterday.setDate(now.getDate() - 1)
  if (dayKey(date) === dayKey(now)) return 'Today'
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday'
  return longDay(date)
}

const time = (date: Date) => `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`

/**
 * Notifications grouped by day with HH:MM times (spec §2), each with the member who acted and a link to
 * what it is about; opening the page clears the bell's count. A failed fetch shows an empty list (spec §8).
 */
export function Notifications() {
  const items = useLoad(() => api<Notification[]>('/api/notifications', { auth: true }).catch((): Notification[] => []), []).data
  const user = useStore($user)
  useEffect(() => {
    if (user && items) markSeen(Math.max(0, ...items.map((item) => Number(item.id)))).catch(() => undefined)
  }, [user, items])
  if (!items) return <Loading />
  if (items.length === 0) return <p className="empty-state">No notifications yet.</p>
  const now = new Date()
  const groups = new Map<string, Notification[]>()
  for (const item of items) {
    const heading = dayHeading(new Date(item.createdAt), now)
    groups.set(heading, [...(groups.get(heading) ?? []), item])
  }
  return (
    <div className="stack">
      {[...groups].map(([heading, group]) => (
        <section key={heading} aria-label={heading} className="stack stack--sm">
          <h2 className={styles.day}>{heading}</h2>
          <ul className={styles.list} role="list">
            {group.map((item) => {
              const body = (
                <>
                  {item.actor ? (
                    <Avatar src={item.actor.profile_picture} name={item.actor.username} size="md" />
                  ) : (
                    <Avatar src={null} name="Roam" size="md" className={styles.roam} />
                  )}
                  <span className={styles.message}>{item.message}</span>
                  <time dateTime={item.createdAt} className="muted text-sm">
                    {time(new Date(item.createdAt))}
                  </time>
                </>
              )
              return (
                <li key={item.id} className={`card ${styles.item}`}>
                  {item.link ? (
                    <a className={styles.link} href={item.link}>
                      {body}
                    </a>
                  ) : (
                    <div className={styles.link}>{body}</div>
                  )}
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}
