import { PERSONAL_CACHES } from './cache-names.ts'

/** Drops the offline copies of the traveller's own data (at logout: the next person on this device must not see them). */
export async function forgetPersonalCopies(): Promise<void> {
  if (typeof caches === 'undefined') return
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)))
}
