import type { IncomingMessage, ServerResponse } from 'node:http'
import { preferredEncoding, sendKept } from '../../../platform/encoding.ts'
import { calendarHeaders } from '../planner/calendar.ts'
import {
  cachedCalendar,
  doneChecking,
  encodedCalendar,
  forgetSharedCalendar,
  heldCalendar,
  SHARED_CALENDAR_CACHE_CONTROL,
  type CalendarFile,
} from './shared-calendar-cache.ts'
import { matchesEtag, type MemoryServing } from './shared-page-cache.ts'

const CALENDAR_PATH = /^\/itinerary\/shared\/([\w-]{16,64})\/calendar\.ics$/

/** The share id of a shared calendar's path (its query, if any, left out: one copy for all), or undefined for any other path. */
export const sharedCalendarShareId = (pathname: string) => CALENDAR_PATH.exec(pathname.split('?', 1)[0]!)?.[1]

/** Confirms the copy's version in the background (one request at a time, at most once a second); a changed or vanished itinerary drops it. */
function confirm(shareId: string, file: CalendarFile, serving: MemoryServing): void {
  serving
    .currentVersion(shareId)
    .then((version) => {
      if (version === undefined || !cachedCalendar(shareId, version, Date.now())) forgetSharedCalendar(shareId)
    })
    .catch(() => forgetSharedCalendar(shareId))
    .finally(() => doneChecking(file))
}

/**
 * Before the request reaches Astro: answers a GET or HEAD of a shared calendar held in memory (200 with
 * the body compressed once per encoding, or 304 to a matching If-None-Match), at the cost of a static
 * file: a long trip's calendar is about 1 MB, and the page pipeline, the endpoint and compressing it per
 * request made a flood of downloads stall the server. False when the calendar must be looked up or
 * built (the endpoint does that, and counts it against the address's allowance).
 */
export function serveSharedCalendarFromMemory(req: IncomingMessage, res: ServerResponse, serving: MemoryServing): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false
  const shareId = sharedCalendarShareId(req.url)
  const held = shareId ? heldCalendar(shareId, Date.now()) : undefined
  if (!shareId || !held) return false
  const { file } = held
  if (held.check) confirm(shareId, file, serving)
  const incoming = req.headers['x-request-id']
  res.setHeader('x-request-id', typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : serving.requestId())
  res.setHeader('vary', 'Accept-Encoding')
  if (matchesEtag(req.headers['if-none-match'], file.etag)) {
    res.setHeader('etag', file.etag)
    res.setHeader('cache-control', SHARED_CALENDAR_CACHE_CONTROL)
    res.writeHead(304).end()
    return true
  }
  for (const [name, value] of Object.entries(calendarHeaders(file.title, SHARED_CALENDAR_CACHE_CONTROL, file.etag))) res.setHeader(name, value)
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  sendKept(res, req.method === 'HEAD', file.body, encoding, encoding && encodedCalendar(file, encoding))
  return true
}
