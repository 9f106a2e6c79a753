import { atom } from 'nanostores'
import { api } from './api.ts'

/**
 * The bell's count: notifications newer than the newest one this browser has shown on the
 * Notifications page (its id is kept per user in localStorage), up to 100.
 */
export const $unread = atom(0)

const seenKey = (userId: string) => `roam.notificationsSeen.${userId}`
const seenUpTo = (userId: string) => Number(localStorage.getItem(seenKey(userId))) || 0

/** Asks the server how many notifications came since the last one seen. */
export async function refreshUnread(userId: string): Promise<void> {
  const { count } = await api<{ count: number }>(`/api/notifications/unread?after=${seenUpTo(userId)}`, { auth: true })
  $unread.set(count)
}

/** The Notifications page has shown everything up to `newestId`: the bell clears. */
export function markSeen(userId: string, newestId: number): void {
  if (newestId > seenUpTo(userId)) localStorage.setItem(seenKey(userId), String(newestId))
  $unread.set(0)
}
