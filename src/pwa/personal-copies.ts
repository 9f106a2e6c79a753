import { PERSONAL_CACHES } from './cache-names.ts'
import { recordSignedIn } from './offline-copies.ts'

/**
 * Tells the service worker who is signed in on this device now and, when that is someone else than the
 * member whose copies may be kept (or nobody), drops those copies. They are dropped at once (the page may
 * be leaving: what it has started still runs) and again once the worker can read who is signed in now, so
 * that an answer it was storing for the last member meanwhile is refused, or dropped with the rest.
 */
export async function handOverDevice(member: string | null, forgetLast: boolean): Promise<void> {
  if (typeof caches === 'undefined') return
  const droppedAtOnce = forgetLast ? forgetPersonalCopies() : undefined
  await recordSignedIn(member).catch(() => {})
  if (forgetLast) await Promise.all([droppedAtOnce, forgetPersonalCopies()])
}

/** Drops the offline copies of the traveller's own data (the next person on this device must not see them). */
async function forgetPersonalCopies(): Promise<void> {
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)))
}
