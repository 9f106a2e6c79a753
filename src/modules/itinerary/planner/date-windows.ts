/**
 * When a place may be visited on each day of a trip, as the solver takes it: one window of start times per
 * place (`open`..`close`) and the days it applies to (`allowedTours`). The window is chosen among the
 * place's own windows on the trip's dates (its real hours on each date, places/opening-hours.ts) so that it
 * lies inside the hours of every day it is allowed on, and it is the one that fits the most days (then the
 * longest): closed on Tuesday means not on Tuesday; "Mo-Fr 09:00-17:00; Sa 10:00-14:00" gives Friday and
 * Saturday 10:00–14:00 (minus the visit), or Monday to Friday 09:00–17:00 on a trip without a Saturday.
 * A visit planned in it never falls outside the place's hours on its date.
 */
import type { Attraction } from '../../places/domain.ts'
import { hoursOn } from '../../places/opening-hours.ts'
import { roundDownToSlot, roundUpToSlot } from './pace.ts'

export interface StartWindow {
  readonly open: number
  readonly close: number
  /** The days (0-based) it may be visited on; absent: every day. */
  readonly allowedTours?: readonly number[]
}

type Range = readonly [number, number]

/** Start times on the half-hour grid that keep a visit of `minutes` inside `[opens, closes)` and the part of the day. */
const startRange = (opens: number, closes: number, part: { start: number; end: number }, minutes: number): Range | undefined => {
  const first = roundUpToSlot(Math.max(opens, part.start))
  const last = roundDownToSlot(Math.min(closes, part.end) - minutes)
  return last >= first ? [first, last] : undefined
}

/**
 * The start window of a place over the trip's `dates` (one per day), within `part` of each day; undefined
 * when it fits no day. Without dates, its daily window.
 */
export function startWindow(attraction: Attraction, part: { start: number; end: number }, minutes: number, dates?: readonly string[]): StartWindow | undefined {
  if (!dates || dates.length === 0 || (!attraction.openingHours && !attraction.closedDays?.length)) {
    const range = startRange(attraction.opensAt, attraction.closesAt, part, minutes)
    return range && { open: range[0], close: range[1] }
  }
  const perDay: Range[][] = dates.map((date) =>
    hoursOn(attraction, date)
      .windows.map(([opens, closes]) => startRange(opens, closes, part, minutes))
      .filter((range): range is Range => range !== undefined),
  )
  let best: { range: Range; days: number[] } | undefined
  for (const candidates of perDay) {
    for (const range of candidates) {
      const days = perDay.flatMap((ranges, day) => (ranges.some(([first, last]) => first <= range[0] && range[1] <= last) ? [day] : []))
      if (!best || days.length > best.days.length || (days.length === best.days.length && range[1] - range[0] > best.range[1] - best.range[0]))
        best = { range, days }
    }
  }
  if (!best) return undefined
  return { open: best.range[0], close: best.range[1], ...(best.days.length < dates.length ? { allowedTours: best.days } : {}) }
}
