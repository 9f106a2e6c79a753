/**
 * An itinerary as the itinerary page, the saved documents and the shared page hold it (spec §3, Itinerary
 * and Place): times in hours from midnight on the half-hour grid, durations in hours, travel in minutes.
 * Pure and browser-safe.
 */
import { foldText } from '../../places/domain.ts'
import type { LegMode } from './legs.ts'
import type { PlaceHours } from './place-hours.ts'

export interface Coordinates {
  readonly latitude: number
  readonly longitude: number
}

export interface PlanPlace {
  readonly id: string
  readonly name: string
  readonly address: string | null
  readonly rating: number | null
  readonly reviews_count: number | null
  /** Hours, 0.5 to 6 in half-hour steps. */
  readonly visit_duration: number
  /** Hours from midnight, on the half hour. */
  readonly start_time: number
  /** Minutes from the previous place of the day (0 for the first): the leg's estimate (legs.ts). */
  readonly travel_time_from_previous: number
  /** How that leg is made; absent for the first place, and in itineraries planned before legs had a mode. */
  readonly travel_mode?: LegMode | undefined
  readonly city: string
  readonly coordinates: Coordinates
  readonly latitude: number
  readonly longitude: number
  readonly categories?: readonly string[] | undefined
  /** Locked by the traveller: a re-plan keeps it on its day at its time. */
  readonly locked?: boolean | undefined
  /** Its open windows on each date of its city's days (place-hours.ts); absent in itineraries planned before. */
  readonly opening_hours?: PlaceHours | undefined
  /** Its Wikipedia article, when the places provider links one. */
  readonly wikipedia?: string | undefined
}

/** A pause in a day's plan (not a place): when it starts and ends, in hours from midnight. */
export interface DayBreak {
  readonly kind: 'lunch' | 'dinner'
  readonly start: number
  readonly end: number
}

export interface PlanDay {
  readonly day: number
  /** YYYY-MM-DD, or null when the trip had no dates. */
  readonly date: string | null
  readonly city: string
  readonly places: readonly PlanPlace[]
  /** A day spent in a town within reach of the day's city ("Sintra" from Lisbon); its places belong to the city's days for the edit rules. */
  readonly day_trip?: string | undefined
  /** The day trip's ride from the city and back, one way, in minutes (legs.ts: by train or road). */
  readonly day_trip_ride?: number | undefined
  /** The journey that takes the start of the day: the arrival from the origin on day 1, a move between destinations. */
  readonly journey?: string | undefined
  /** When that journey brings the traveller there (hours from midnight): nothing is planned before it. */
  readonly arrives_at?: number | undefined
  /** Where the day's walking starts and ends: where the traveller stays, or on a day trip where the ride arrives. */
  readonly base?: Coordinates | undefined
  /** The day's pauses: lunch when it runs through midday, dinner before its evening. Not places. */
  readonly breaks?: readonly DayBreak[] | undefined
  /** Why the day is left as free time (not enough places within reach), when it is. */
  readonly free_time?: string | undefined
}

/** "Day trip to Sintra" for a day-trip day, else undefined. */
export const dayTripLabel = (day: Pick<PlanDay, 'day_trip'>) => (day.day_trip ? `Day trip to ${day.day_trip}` : undefined)

/** "About 40 min each way by train or road" for a day trip whose ride is known, else undefined. */
export const dayTripRideText = (day: Pick<PlanDay, 'day_trip' | 'day_trip_ride'>) =>
  day.day_trip && day.day_trip_ride ? `About ${day.day_trip_ride} min each way by train or road` : undefined

/** Where a day is spent, as its heading says it: "Lisbon", or "Lisbon · Day trip to Sintra". */
export const dayPlace = (day: Pick<PlanDay, 'city' | 'day_trip'>) => [day.city, dayTripLabel(day)].filter(Boolean).join(' · ')

/** How a day's breaks are called in every view: pauses, not places. */
export const BREAK_LABELS: Readonly<Record<DayBreak['kind'], string>> = { lunch: 'Lunch break', dinner: 'Dinner break' }

export type DayEntry<P extends { readonly start_time: number } = PlanPlace> =
  { readonly kind: 'place'; readonly place: P; readonly index: number } | { readonly kind: 'break'; readonly pause: DayBreak }

/** A day's places and its breaks in time order, as a list view shows them. */
export function dayEntries<P extends { readonly start_time: number }>(day: {
  readonly places: readonly P[]
  readonly breaks?: readonly DayBreak[] | undefined
}): DayEntry<P>[] {
  const entries: DayEntry<P>[] = day.places.map((place, index) => ({ kind: 'place', place, index }))
  if (day.places.length === 0) return entries
  for (const pause of day.breaks ?? []) {
    const after = entries.findIndex((entry) => entry.kind === 'place' && entry.place.start_time >= pause.start)
    entries.splice(after === -1 ? entries.length : after, 0, { kind: 'break', pause })
  }
  return entries
}

/** A day's lunch break, when it has one. */
export const lunchBreak = (day: { readonly breaks?: readonly DayBreak[] | undefined }) => day.breaks?.find((pause) => pause.kind === 'lunch')

/** "12:30–13:30 Lunch break". */
export const breakText = (pause: DayBreak) => `${formatHour(pause.start)}–${formatHour(pause.end)} ${BREAK_LABELS[pause.kind]}`

/** What an empty day says: its free-time reason, or that nothing is planned. */
export const emptyDayText = (day: Pick<PlanDay, 'free_time' | 'journey'>) =>
  day.free_time ?? (day.journey ? 'The journey takes this day.' : 'No places planned for this day.')

/** The city part of a name or suggestion ("Paris, Île-de-France, France" → "Paris"). */
export const cityOf = (text: string) => text.split(',')[0]!.trim()

/** Whether two city names mean the same city (accents, case and region parts aside). */
export const sameCity = (a: string, b: string) => foldText(cityOf(a)) === foldText(cityOf(b))

/** Hours → whole minutes (times and durations are kept in hours, computed in minutes). */
export const toMinutes = (hours: number) => Math.round(hours * 60)
export const toHours = (minutes: number) => minutes / 60

/** Spec §9: start times shown as HH:00 or HH:30. */
export function formatHour(hours: number): string {
  const minutes = Math.round((hours * 60) / 30) * 30
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** "2 h", "1.5 h", "0.5 h". */
export const formatDuration = (hours: number) => `${Number(hours.toFixed(1))} h`

/** The cities of an itinerary in the order it visits them. */
export function citiesInOrder(days: readonly PlanDay[]): string[] {
  const cities: string[] = []
  for (const day of days) if (!cities.some((city) => sameCity(city, day.city))) cities.push(day.city)
  return cities
}

/** A city's centre as the mean of its places' coordinates, or undefined when it has none. */
export function cityCentre(days: readonly PlanDay[], city: string): Coordinates | undefined {
  const places = days.filter((day) => sameCity(day.city, city)).flatMap((day) => day.places)
  if (places.length === 0) return undefined
  return {
    latitude: places.reduce((sum, place) => sum + place.coordinates.latitude, 0) / places.length,
    longitude: places.reduce((sum, place) => sum + place.coordinates.longitude, 0) / places.length,
  }
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

/** "2026-12-01" → "Tue, 1 Dec 2026" (the calendar date itself, whatever the reader's zone). */
export function formatDay(date: string): string {
  const instant = Date.parse(`${date}T00:00:00Z`)
  return Number.isNaN(instant) ? date : DAY_FORMAT.format(instant)
}

/** An ISO instant → "23 Nov 2026, 11:52 UTC". */
export function formatDateTime(iso: string): string {
  const instant = Date.parse(iso)
  return Number.isNaN(instant) ? iso : DATE_TIME_FORMAT.format(instant)
}

const LOCAL_DATE_TIME_FORMAT = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  })

/** An ISO instant in the reader's own time zone (the History the browser shows): "23 Nov 2026, 12:52 CET". */
export function formatLocalDateTime(iso: string, timeZone?: string): string {
  const instant = Date.parse(iso)
  return Number.isNaN(instant) ? iso : LOCAL_DATE_TIME_FORMAT(timeZone).format(instant)
}
