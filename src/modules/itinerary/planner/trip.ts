import type { Theme } from '../../places/domain.ts'
import { parsePace, PACES, type Pace } from './pace.ts'
import { parseTheme } from './themes.ts'

export const MAX_TRIP_DAYS = 60
export const MAX_DESTINATIONS = 10
const DAY_MS = 86_400_000

/** The trip form's payload (spec §7), as decoded from JSON. */
export interface TripRequest {
  readonly origin_city?: string | undefined
  readonly destinations?: readonly string[] | undefined
  readonly trip_types?: readonly string[] | undefined
  readonly pace?: string | undefined
  readonly start_date?: string | undefined
  readonly end_date?: string | undefined
  readonly daysPerCity?: Readonly<Record<string, number>> | undefined
  /** Where the traveller stays in each destination (by its name, as daysPerCity): every day there starts and ends there. */
  readonly stays?: Readonly<Record<string, Stay>> | undefined
}

/** A place the traveller stays at: found by the place search, or any point they name. */
export interface Stay {
  readonly name: string
  readonly latitude: number
  readonly longitude: number
}

export const MAX_STAY_NAME = 200

export interface Trip {
  readonly origin: string
  /** As sent: a city name, or a full suggestion ("Bayonne, Nouvelle-Aquitaine, France") that pins the city down. */
  readonly destinations: readonly string[]
  readonly themes: readonly Theme[]
  readonly pace: Pace
  /** YYYY-MM-DD of day 1. */
  readonly startDate: string
  readonly endDate: string
  readonly days: number
  /** Days per destination, in the order of `destinations`. */
  readonly daysPerCity: readonly number[]
  /** Where the traveller stays, in the order of `destinations` (undefined: the centre of its sights). */
  readonly stays: readonly (Stay | undefined)[]
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string }
const fail = (message: string) => ({ ok: false as const, message })

/** The city part of a suggestion: "Paris, Île-de-France, France" → "Paris". */
export const cityName = (text: string) => text.split(',')[0]!.trim()

/** A date or date-time string → its UTC instant, or undefined. Plain dates are UTC midnights. */
function instant(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)) return undefined
  const day = trimmed.slice(0, 10)
  // Date.parse rolls 2026-02-30 over to March: refuse calendar dates that do not exist.
  const midnight = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return undefined
  const value = trimmed.length === 10 ? midnight : Date.parse(trimmed)
  return Number.isNaN(value) ? undefined : value
}

/** Spec §9: whole days between the dates, rounded up, plus 1. */
export function tripDays(start: number, end: number): number {
  return Math.ceil((end - start) / DAY_MS - 1e-9) + 1
}

/** Spec §9: an even whole share per destination, the remainder to the first. */
export function defaultSplit(days: number, destinations: number): number[] {
  const share = Math.floor(days / destinations)
  return Array.from({ length: destinations }, (_, i) => share + (i === 0 ? days - share * destinations : 0))
}

export const dateAfter = (startDate: string, offset: number) => new Date(Date.parse(`${startDate}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)

function splitFrom(daysPerCity: Readonly<Record<string, number>>, destinations: readonly string[], days: number): Checked<number[]> {
  const byName = new Map(Object.entries(daysPerCity).map(([name, count]) => [cityName(name).toLowerCase(), count]))
  const split: number[] = []
  for (const destination of destinations.map(cityName)) {
    const count = byName.get(destination.toLowerCase())
    if (count === undefined) return fail(`daysPerCity has no entry for ${destination}`)
    if (!Number.isInteger(count) || count < 1) return fail(`daysPerCity must give ${destination} a whole number of days, at least 1`)
    split.push(count)
  }
  if (byName.size !== destinations.length) return fail('daysPerCity names a city that is not among the destinations')
  const total = split.reduce((sum, count) => sum + count, 0)
  if (total !== days) return fail(`daysPerCity adds up to ${total} days, but the trip has ${days}`)
  return { ok: true, value: split }
}

function staysFrom(stays: Readonly<Record<string, Stay>>, destinations: readonly string[]): Checked<(Stay | undefined)[]> {
  const byName = new Map(Object.entries(stays).map(([name, stay]) => [cityName(name).toLowerCase(), stay]))
  const names = new Set(destinations.map((text) => cityName(text).toLowerCase()))
  for (const [name, stay] of byName) {
    if (!names.has(name)) return fail('stays names a city that is not among the destinations')
    const label = stay.name.trim()
    if (label === '' || label.length > MAX_STAY_NAME) return fail(`Where you stay in ${cityName(name)} needs a name of at most ${MAX_STAY_NAME} characters`)
    if (Math.abs(stay.latitude) > 90 || Math.abs(stay.longitude) > 180) return fail(`Where you stay in ${cityName(name)} has no valid coordinates`)
  }
  return {
    ok: true,
    value: destinations.map((text) => {
      const stay = byName.get(cityName(text).toLowerCase())
      return stay && { name: stay.name.trim(), latitude: stay.latitude, longitude: stay.longitude }
    }),
  }
}

/** Checks a trip request; the first problem comes back as the message the client shows. */
export function validateTrip(request: TripRequest): Checked<Trip> {
  const origin = cityName(request.origin_city ?? '')
  if (origin === '') return fail('origin_city is required')
  const destinations = (request.destinations ?? []).map((text) => text.trim())
  if (destinations.length === 0 || destinations.some((text) => cityName(text) === '')) return fail('Every destination needs a city')
  if (destinations.length > MAX_DESTINATIONS) return fail(`A trip can have at most ${MAX_DESTINATIONS} destinations`)
  const seen = new Set<string>()
  for (const text of destinations) {
    if (seen.has(text.toLowerCase())) return fail(`${cityName(text)} is listed more than once`)
    seen.add(text.toLowerCase())
  }

  const themes: Theme[] = []
  for (const type of request.trip_types ?? []) {
    const theme = parseTheme(type)
    if (!theme) return fail(`Unknown trip theme: ${type}`)
    if (!themes.includes(theme)) themes.push(theme)
  }
  if (themes.length === 0) return fail('Choose at least one trip theme')
  const pace = parsePace(request.pace ?? '')
  if (!pace) return fail(`Unknown pace: ${request.pace ?? ''}. Choose one of ${PACES.join(', ')}`)

  const start = instant(request.start_date ?? '')
  const end = instant(request.end_date ?? '')
  if (start === undefined) return fail('start_date must be a date (YYYY-MM-DD)')
  if (end === undefined) return fail('end_date must be a date (YYYY-MM-DD)')
  if (end < start) return fail('The end date must not be before the start date')
  const days = tripDays(start, end)
  if (days > MAX_TRIP_DAYS) return fail(`A trip can last at most ${MAX_TRIP_DAYS} days`)
  if (days < destinations.length)
    return fail(`${days} day${days === 1 ? '' : 's'} cannot cover ${destinations.length} destinations: each needs at least one day`)

  const split =
    request.daysPerCity && Object.keys(request.daysPerCity).length > 0
      ? splitFrom(request.daysPerCity, destinations, days)
      : { ok: true as const, value: defaultSplit(days, destinations.length) }
  if (!split.ok) return split
  const stays = staysFrom(request.stays ?? {}, destinations)
  if (!stays.ok) return stays
  // Day 1 is the calendar date the traveller picked, whatever time or zone came with it.
  const startDate = request.start_date!.trim().slice(0, 10)
  return {
    ok: true,
    value: {
      origin,
      destinations,
      themes,
      pace,
      startDate,
      endDate: dateAfter(startDate, days - 1),
      days,
      daysPerCity: split.value,
      stays: stays.value,
    },
  }
}
