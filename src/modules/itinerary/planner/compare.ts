/**
 * What changed between two versions of an itinerary: per day, the places added, removed and moved (the
 * compare view of a re-plan and of two saved versions), and the same in a few words (the History panel).
 * Pure and browser-safe.
 */
import { formatDuration, formatHour, sameCity, type PlanDay, type PlanPlace } from './plan.ts'

export interface MovedPlace {
  readonly place: PlanPlace
  /** Day numbers and start times (hours) before and after. */
  readonly fromDay: number
  readonly fromStart: number
  readonly toDay: number
  readonly toStart: number
}

export interface DayComparison {
  readonly day: number
  readonly date: string | null
  readonly city: string
  readonly before: readonly PlanPlace[]
  readonly after: readonly PlanPlace[]
  /** In this day after the change and nowhere before it. */
  readonly added: readonly PlanPlace[]
  /** In this day before the change and nowhere after it. */
  readonly removed: readonly PlanPlace[]
  /** Now in this day, at another time or coming from another day. */
  readonly moved: readonly MovedPlace[]
  /** In this day before and after, with another visit length (hours before and after). */
  readonly resized: readonly ResizedPlace[]
}

export interface ResizedPlace {
  readonly place: PlanPlace
  readonly fromHours: number
  readonly toHours: number
}

export interface Comparison {
  readonly days: readonly DayComparison[]
  readonly added: number
  readonly removed: number
  readonly moved: number
  readonly resized: number
}

const positions = (days: readonly PlanDay[]) => {
  const found = new Map<string, { day: PlanDay; place: PlanPlace }>()
  for (const day of days) for (const place of day.places) found.set(place.id, { day, place })
  return found
}

export function compareItineraries(before: readonly PlanDay[], after: readonly PlanDay[]): Comparison {
  const was = positions(before)
  const now = positions(after)
  const count = Math.max(before.length, after.length)
  const days: DayComparison[] = Array.from({ length: count }, (_, index) => {
    const old = before[index]
    const fresh = after[index]
    const afterPlaces = fresh?.places ?? []
    const beforePlaces = old?.places ?? []
    const moved: MovedPlace[] = []
    for (const place of afterPlaces) {
      const earlier = was.get(place.id)
      if (earlier && (earlier.day.day !== fresh!.day || earlier.place.start_time !== place.start_time)) {
        moved.push({ place, fromDay: earlier.day.day, fromStart: earlier.place.start_time, toDay: fresh!.day, toStart: place.start_time })
      }
    }
    return {
      day: fresh?.day ?? old!.day,
      date: fresh?.date ?? old?.date ?? null,
      city: fresh?.city ?? old!.city,
      before: beforePlaces,
      after: afterPlaces,
      added: afterPlaces.filter((place) => !was.has(place.id)),
      removed: beforePlaces.filter((place) => !now.has(place.id)),
      moved,
      resized: afterPlaces.flatMap((place) => {
        const earlier = was.get(place.id)
        return earlier && earlier.place.visit_duration !== place.visit_duration
          ? [{ place, fromHours: earlier.place.visit_duration, toHours: place.visit_duration }]
          : []
      }),
    }
  })
  const total = (pick: (day: DayComparison) => readonly unknown[]) => days.reduce((sum, day) => sum + pick(day).length, 0)
  return {
    days,
    added: total((day) => day.added),
    removed: total((day) => day.removed),
    moved: total((day) => day.moved),
    resized: total((day) => day.resized),
  }
}

const places = (count: number) => `${count} place${count === 1 ? '' : 's'}`

/** "3 places added, 2 removed, 4 moved, 1 visit length changed" (or "No changes"). */
export function summaryOf(comparison: Comparison): string {
  const parts = [
    comparison.added > 0 ? `${places(comparison.added)} added` : '',
    comparison.removed > 0 ? `${comparison.added > 0 ? comparison.removed : places(comparison.removed)} removed` : '',
    comparison.moved > 0 ? `${comparison.added + comparison.removed > 0 ? comparison.moved : places(comparison.moved)} moved` : '',
    comparison.resized > 0 ? `${comparison.resized} visit length${comparison.resized === 1 ? '' : 's'} changed` : '',
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : 'No changes'
}

/** "2 h → 3 h": a visit's length before and after. */
export const resizedText = (resize: ResizedPlace) => `${formatDuration(resize.fromHours)} → ${formatDuration(resize.toHours)}`

/** "Moved from day 2, 10:00" or "Moved from 10:00". */
export const movedFrom = (move: MovedPlace) => `Moved from ${move.fromDay !== move.toDay ? `day ${move.fromDay}, ` : ''}${formatHour(move.fromStart)}`

/** Counts per city, in the order the cities first appear. */
function perCity(items: ReadonlyArray<{ city: string }>): Array<[string, number]> {
  const counts: Array<[string, number]> = []
  for (const { city } of items) {
    const entry = counts.find(([name]) => sameCity(name, city))
    if (entry) entry[1]++
    else counts.push([city, 1])
  }
  return counts
}

/**
 * What a version changed, in words: "3 places added in Porto, day 2 moved later by 1 h". A day whose
 * moved places all shifted by the same time reads as the day moving; other moves are counted per day.
 */
export function describeChanges(before: readonly PlanDay[], after: readonly PlanDay[]): string[] {
  const comparison = compareItineraries(before, after)
  const words: string[] = []
  const added = comparison.days.flatMap((day) => day.added.map(() => ({ city: day.city })))
  const removed = comparison.days.flatMap((day) => day.removed.map(() => ({ city: day.city })))
  for (const [city, count] of perCity(added)) words.push(`${places(count)} added in ${city}`)
  for (const [city, count] of perCity(removed)) words.push(`${places(count)} removed in ${city}`)
  for (const day of comparison.days) {
    if (day.moved.length === 0) continue
    const shifts = new Set(day.moved.map((move) => (move.fromDay === move.toDay ? move.toStart - move.fromStart : NaN)))
    const [shift] = [...shifts]
    const whole = day.moved.length === day.after.filter((place) => !day.added.includes(place)).length
    if (shifts.size === 1 && shift !== undefined && !Number.isNaN(shift) && whole) {
      words.push(`day ${day.day} moved ${shift > 0 ? 'later' : 'earlier'} by ${formatDuration(Math.abs(shift))}`)
    } else {
      words.push(`${places(day.moved.length)} moved on day ${day.day}`)
    }
  }
  for (const day of comparison.days) for (const resize of day.resized) words.push(`${resize.place.name} on day ${day.day}: ${resizedText(resize)}`)
  if (before.length !== after.length) words.push(`${after.length} days instead of ${before.length}`)
  return words
}
