/**
 * An itinerary as the itinerary page, the saved documents and the shared page hold it (spec §3, Itinerary
 * and Place): times in hours from midnight on the half-hour grid, durations in hours, travel in minutes.
 * Pure and browser-safe.
 */
import { distanceKm, foldText } from '../../places/domain.ts'
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
  /** Minutes from the previous place of the day (0 for the first): the estimate of spec §9. */
  readonly travel_time_from_previous: number
  readonly city: string
  readonly coordinates: Coordinates
  readonly latitude: number
  readonly longitude: number
  readonly categories?: readonly string[] | undefined
  /** Locked by the traveller: a re-plan keeps it on its day at its time. */
  readonly locked?: boolean | undefined
  /** Its open windows on each date of its city's days (place-hours.ts); absent in itineraries planned before. */
  readonly opening_hours?: PlaceHours | undefined
}

export interface PlanDay {
  readonly day: number
  /** YYYY-MM-DD, or null when the trip had no dates. */
  readonly date: string | null
  readonly city: string
  readonly places: readonly PlanPlace[]
  /** A day spent in a town within reach of the day's city ("Sintra" from Lisbon); its places belong to the city's days for the edit rules. */
  readonly day_trip?: string | undefined
  /** Why the day is left as free time (not enough places within reach), when it is. */
  readonly free_time?: string | undefined
}

/** "Day trip to Sintra" for a day-trip day, else undefined. */
export const dayTripLabel = (day: Pick<PlanDay, 'day_trip'>) => (day.day_trip ? `Day trip to ${day.day_trip}` : undefined)

/** Where a day is spent, as its heading says it: "Lisbon", or "Lisbon · Day trip to Sintra". */
export const dayPlace = (day: Pick<PlanDay, 'city' | 'day_trip'>) => [day.city, dayTripLabel(day)].filter(Boolean).join(' · ')

/** What an empty day says: its free-time reason, or that nothing is planned. */
export const emptyDayText = (day: Pick<PlanDay, 'free_time'>) => day.free_time ?? 'No places planned for this day.'

/** Spec §9: travel is estimated at an assumed 30 km/h over the great-circle distance. */
export const TRAVEL_KMH = 30

/** Spec §9: the travel estimate between two places, in whole minutes. */
export const estimateTravelMinutes = (from: Coordinates, to: Coordinates) => Math.round((distanceKm(from, to) / TRAVEL_KMH) * 60)

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
