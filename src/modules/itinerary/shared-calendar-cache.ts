import { etagOf } from './shared-page-cache.ts'

/**
 * Calendar files of shared itineraries, built once per version of the itinerary: a link passed around
 * is answered from here (or with a 304) until the itinerary changes, instead of building thousands of
 * events again for every download. A changed version (or a hidden link) simply misses.
 */
const MAX_ENTRIES = 200

export interface CalendarFile {
  readonly version: number
  readonly title: string
  readonly text: string
  readonly etag: string
}

const files = new Map<string, CalendarFile>()

/** The file built for this version of the shared itinerary, if there is one. */
export function cachedCalendar(shareId: string, version: number): CalendarFile | undefined {
  const file = files.get(shareId)
  return file?.version === version ? file : undefined
}

export function rememberCalendar(shareId: string, version: number, title: string, text: string): CalendarFile {
  const file = { version, title, text, etag: etagOf(Buffer.from(text)) }
  files.delete(shareId)
  files.set(shareId, file)
  while (files.size > MAX_ENTRIES) files.delete(files.keys().next().value!)
  return file
}
