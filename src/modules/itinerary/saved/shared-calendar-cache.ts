import { EncodedCopies, type Encoding } from '../../../platform/encoding.ts'
import { etagOf } from './shared-page-cache.ts'

/**
 * Calendar files of shared itineraries, built once per version of the itinerary, like the shared page's
 * memory (shared-page-cache.ts): a copy is served as it is while one request at a time, at most once
 * every `CHECK_AFTER_MS`, confirms the itinerary's version, so a flood of downloads of one link costs
 * neither the database nor the CPU. The server answers a held copy before the page pipeline
 * (shared-calendar-memory.ts); the endpoint builds and looks up. A change to the itinerary committed by
 * this process drops its copy at once (projections.ts); another process's change is noticed at the next
 * check.
 */
const CHECK_AFTER_MS = 1000
const MAX_ENTRIES = 200

/** What a CDN and browsers may do with a shared calendar: the shared page's rule. */
export const SHARED_CALENDAR_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60'

export interface CalendarFile {
  readonly itineraryId: string
  readonly version: number
  readonly title: string
  readonly body: Uint8Array<ArrayBuffer>
  readonly etag: string
  checkedAt: number
  checking: boolean
}

const files = new Map<string, CalendarFile>()
/** The calendars' compressed copies, by ETag, made off the event loop. */
const encodedCalendars = new EncodedCopies(64 * 1024 * 1024)

/** The calendar in this encoding once its copy is made; until then undefined (it goes as it is). */
export const encodedCalendar = (file: CalendarFile, encoding: Encoding) => encodedCalendars.get(file.etag, file.body, encoding)

/**
 * The copy held for a link: `check` is true for the one request that should confirm its version now
 * (it was last confirmed over a second ago and nobody is at it); every other request is served the copy
 * meanwhile, so a flood of downloads makes at most one lookup a second.
 */
export function heldCalendar(shareId: string, now: number): { readonly file: CalendarFile; readonly check: boolean } | undefined {
  const file = files.get(shareId)
  if (!file) return undefined
  if (file.checking || now - file.checkedAt <= CHECK_AFTER_MS) return { file, check: false }
  file.checking = true
  return { file, check: true }
}

export function doneChecking(file: CalendarFile): void {
  file.checking = false
}

/** The copy built for this version of the shared itinerary, if there is one (now confirmed current). */
export function cachedCalendar(shareId: string, version: number, now: number): CalendarFile | undefined {
  const file = files.get(shareId)
  if (file?.version !== version) return undefined
  file.checkedAt = now
  return file
}

export function rememberCalendar(shareId: string, itineraryId: string, version: number, title: string, text: string, now: number): CalendarFile {
  const body = new TextEncoder().encode(text)
  const file: CalendarFile = { itineraryId, version, title, body, etag: etagOf(body), checkedAt: now, checking: false }
  encodedCalendars.prepare(file.etag, body)
  files.delete(shareId)
  files.set(shareId, file)
  while (files.size > MAX_ENTRIES) files.delete(files.keys().next().value!)
  return file
}

/** Drops a share id's calendar (the version check found its itinerary changed, gone or hidden). */
export function forgetSharedCalendar(shareId: string | null | undefined): void {
  if (shareId) files.delete(shareId)
}

/** Drops the calendars of these itineraries (they were edited, renamed or deleted). */
export function forgetSharedCalendars(itineraryIds: ReadonlySet<string>): void {
  for (const [shareId, file] of files) if (itineraryIds.has(file.itineraryId)) files.delete(shareId)
}
