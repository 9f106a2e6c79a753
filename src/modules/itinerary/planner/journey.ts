/**
 * Getting there: the journey from the origin city to the first destination, and between destinations, as
 * an estimate a traveller can plan a day around. Pure and browser-safe.
 *
 * - Up to GROUND_UP_TO_KM in a straight line: by train or road, 90 km/h plus a quarter of an hour.
 * - Farther: by air, 800 km/h plus three hours for getting to the airport, checking in and getting out.
 * - The traveller sets off at 08:00 on the day they arrive, and at the day's start when they move on.
 */
import { formatHour } from './plan.ts'
import { roundUpToSlot } from './pace.ts'

export const GROUND_UP_TO_KM = 500
const GROUND_KMH = 90
const GROUND_EXTRA_MINUTES = 15
const AIR_KMH = 800
const AIR_EXTRA_MINUTES = 180
/** When the traveller leaves home on the first day. */
export const SETTING_OFF = 8 * 60
/** An arrival after this is late in the day (a long flight may land after midnight, local time aside). */
const LATE = 22 * 60

export interface Journey {
  readonly minutes: number
  readonly by: 'ground' | 'air'
}

export function journeyOver(km: number): Journey {
  if (km <= GROUND_UP_TO_KM) return { minutes: Math.round((km / GROUND_KMH) * 60 + GROUND_EXTRA_MINUTES), by: 'ground' }
  return { minutes: Math.round((km / AIR_KMH) * 60 + AIR_EXTRA_MINUTES), by: 'air' }
}

/** "about 3 h", "about 45 min": a journey's length as an estimate. */
const about = (minutes: number) => (minutes < 60 ? `about ${Math.round(minutes / 5) * 5} min` : `about ${Math.round(minutes / 60)} h`)

const byWhat = (journey: Journey) => (journey.by === 'air' ? 'by air' : 'by train or road')

/** When the traveller is at their base on the day of arrival: setting off at 08:00, on the half-hour grid. */
export const arrivalTime = (journey: Journey) => roundUpToSlot(SETTING_OFF + journey.minutes)

/** Day 1: "Arrive from London around 12:30 (by air, about 4 h; an estimate)". */
export function arrivalText(from: string, journey: Journey): string {
  const time = arrivalTime(journey)
  const when = time >= LATE ? 'late in the day' : `around ${formatHour(time / 60)}`
  return `Arrive from ${from} ${when} (${byWhat(journey)}, ${about(journey.minutes)}; an estimate)`
}

/** A move day: "Lisbon → Porto by train or road, about 3 h". */
export const moveText = (from: string, to: string, journey: Journey) => `${from} → ${to} ${byWhat(journey)}, ${about(journey.minutes)}`
