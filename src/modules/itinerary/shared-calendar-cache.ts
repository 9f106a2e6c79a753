import { processWide } from '../../platform/process-wide.ts'
import { etagOf } from './shared-page-cache.ts'

/**
 * Calendar files of shared itineraries, built once per version of the itinerary, like the shared page's
 * memory (shared-page-cache.ts): a copy checked against the itinerary's version less than
 * `CHECK_AFTER_MS` ago is served as it is, with no query at all, so a flood of downloads of one link
 * costs neither the database nor the CPU. This process forgets a copy when it changes the itinerary;
 * another process's change is noticed at the next check.
 */
const CHECK_AFTER_MS = 1000
const MAX_ENTRIES = 200

export interface CalendarFile {
  readonly version: number
  readonly title: string
  readonly body: Uint8Array<ArrayBuffer>
  readonly etag: string
  checkedAt: number
}

const files = () => processWide('roam.itinerary.sharedCalendars', () => new Map<string, CalendarFile>())

/** A copy whose version was confirmed within the last second: serve it without asking anything. */
export function freshCalendar(shareId: string, now: number): CalendarFile | undefined {
  const file = files().get(shareId)
  return file && now - file.checkedAt <= CHECK_AFTER_MS ? file : undefined
}

/** The copy built for this version of the shared itinerary, if there is one (now confirmed current). */
export function cachedCalendar(shareId: string, version: number, now: number): CalendarFile | undefined {
  const file = files().get(shareId)
  if (file?.version !== version) return undefined
  file.checkedAt = now
  return file
}

export function rememberCalendar(shareId: string, version: number, title: string, text: string, now: number): CalendarFile {
  const body = new TextEncoder().encode(text)
  const file = { version, title, body, etag: etagOf(body), checkedAt: now }
  const cache = files()
  cache.delete(shareId)
  cache.set(shareId, file)
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  return file
}

/** Drops a share id's calendar (its itinerary was edited, renamed or deleted, or the link is hidden). */
export function forgetSharedCalendar(shareId: string | null | undefined): void {
  if (shareId) files().delete(shareId)
}
