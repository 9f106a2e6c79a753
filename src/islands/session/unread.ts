import { atom } from 'nanostores'
import { api } from './api.ts'

/**
 * The bell's count: notifications newer than the newest one the account has been shown on the
 * Notifications page, on whichever device (the server keeps the mark), up to 100.
 */
export const $unread = atom(0)

/** Asks the server how many notifications came since the last one seen. */
export async function refreshUnread(): Promise<void> {
  const { count } = await api<{ count: number }>('/api/notifications/unread', { auth: true })
  $unread.set(count)
}

/** The Notifications page has shown everything up to `newestId`: the bell clears, here and on the account's other devices. */
export async function markSeen(newestId: number): Promise<void> {
  $unread.set(0)
  if (newestId === 0) return
  const { count } = await api<{ count: number }>('/api/notifications/seen', { method: 'POST', body: { upTo: String(newestId) }, auth: true })
  $unread.set(count)
}
