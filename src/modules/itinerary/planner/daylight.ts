import { getTimes } from 'suncalc'
import type { Kind } from '../../places/domain.ts'
import type { Coordinates } from './plan.ts'
import { localMinutes, timeZoneAt } from './time-zone.ts'

/**
 * Places seen outdoors: a garden, a viewpoint, a beach, a walk through a quarter or an open-air site is
 * visited between sunrise and sunset. Museums, churches and palaces keep their own hours.
 */
const OUTDOOR_KINDS: ReadonlySet<Kind> = new Set([
  'park_garden',
  'viewpoint',
  'nature',
  'beach',
  'historic_site',
  'zoo_aquarium',
  'theme_park',
  'sport_adventure',
])

export const isOutdoors = (kind: Kind) => OUTDOOR_KINDS.has(kind)

export interface Daylight {
  /** Local clock minutes from midnight. */
  readonly sunrise: number
  readonly sunset: number
}

/** Sunrise and sunset at a place on a date (YYYY-MM-DD), on its local clocks; undefined under the midnight sun or in polar night. */
export function daylightOn(point: Coordinates, date: string): Daylight | undefined {
  const noon = new Date(`${date}T12:00:00Z`)
  // The sun's times of the local day: suncalc takes the date's UTC noon shifted by the longitude.
  const times = getTimes(new Date(noon.getTime() - (point.longitude / 15) * 3_600_000), point.latitude, point.longitude)
  const valid = (time: Date | null | undefined): time is Date => time instanceof Date && !Number.isNaN(time.getTime())
  if (!valid(times.sunrise) || !valid(times.sunset)) return undefined
  const zone = timeZoneAt(point)
  return { sunrise: localMinutes(times.sunrise, date, zone), sunset: localMinutes(times.sunset, date, zone) }
}

/** The daylight every one of `dates` has at a place (the latest sunrise, the earliest sunset), or undefined when a date has no sunset. */
export function daylightThrough(point: Coordinates, dates: readonly string[]): Daylight | undefined {
  const days = dates.map((date) => daylightOn(point, date))
  if (days.length === 0 || days.some((day) => day === undefined)) return undefined
  return { sunrise: Math.max(...days.map((day) => day!.sunrise)), sunset: Math.min(...days.map((day) => day!.sunset)) }
}
