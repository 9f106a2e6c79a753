/**
 * The Plan Your Trip form's rules (spec §5, Home form; §7 generate payload; §9 day split), pure so they
 * can be tested without a browser.
 */
import { PACES, type Pace } from '../../modules/itinerary/planner/pace.ts'
import { cityDaysFor } from '../../modules/itinerary/planner/rules.ts'
import { defaultSplit, tripDays, type Stay } from '../../modules/itinerary/planner/trip.ts'
import { cityOf } from '../../modules/itinerary/planner/plan.ts'
import type { TripData } from '../itinerary/trip-state.ts'

/** Spec §3, Trip themes, as the form shows them. */
export const THEME_LABELS = [
  'Tourist Attractions',
  'Cultural & Historical',
  'Nature & Outdoors',
  'Adventure & Thrill',
  'Nightlife & Entertainment',
  'Family & Kid-Friendly',
  'Relax & Wellness',
] as const

export const PACE_LABELS: Readonly<Record<Pace, string>> = { 'slow-paced': 'Slow-paced', moderate: 'Moderate', 'fast-paced': 'Fast-paced' }
export { PACES }

export const FILL_ALL_FIELDS = 'Please fill in all fields before generating the itinerary.'
export const GENERATE_FAILED = 'Failed to generate itinerary. Please try again.'

/** Spec §7: slugs are lower case, ampersands and spaces turned to hyphens. */
export const themeSlug = (label: string) => label.toLowerCase().replace(/[& ]/g, '-')

/** A city picked from the autocomplete: the full suggestion, its city part, and how many places it has (when known). */
export interface CityChoice {
  readonly description: string
  readonly city: string
  readonly places?: number | undefined
}

/** Spec §5: the city name is the text before the first comma. */
export const choiceOf = (suggestion: { description: string; places?: unknown }): CityChoice => ({
  description: suggestion.description,
  city: cityOf(suggestion.description),
  places: typeof suggestion.places === 'number' && Number.isFinite(suggestion.places) ? suggestion.places : undefined,
})

/** Spec §5: only suggestions whose types include "locality" are accepted. */
export const isLocality = (suggestion: { types?: readonly string[] }) => Array.isArray(suggestion.types) && suggestion.types.includes('locality')

export interface TripForm {
  readonly origin: CityChoice | null
  readonly destinations: readonly (CityChoice | null)[]
  readonly startDate: string
  readonly endDate: string
  readonly themes: readonly string[]
  readonly pace: Pace | ''
  /** Where the traveller stays in each destination (same order), when they said. */
  readonly stays?: readonly (Stay | null)[]
}

/** The places to stay the form names, by destination city. */
const staysOf = (form: TripForm): Record<string, Stay> =>
  Object.fromEntries(form.destinations.flatMap((choice, index) => (choice && form.stays?.[index] ? [[choice.city, form.stays[index]!]] : [])))

/** Today as YYYY-MM-DD in the traveller's own time zone (spec §5: the start date minimum). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

const dayCount = (form: TripForm) => tripDays(Date.parse(`${form.startDate}T00:00:00Z`), Date.parse(`${form.endDate}T00:00:00Z`))

/**
 * The first reason the form cannot be sent, or undefined: a missing field (spec §5's words), dates out of
 * order, or more destinations than days. A destination short of places is planned all the same (day trips,
 * then free time): `capacityHints` says so in advance.
 */
export function formProblem(form: TripForm, today: string): string | undefined {
  const filled =
    form.origin && form.destinations.length > 0 && form.destinations.every(Boolean) && form.startDate && form.endDate && form.themes.length > 0 && form.pace
  if (!filled) return FILL_ALL_FIELDS
  if (form.startDate < today) return 'The start date cannot be in the past.'
  if (form.endDate < form.startDate) return 'The end date cannot be before the start date.'
  const days = dayCount(form)
  if (days < form.destinations.length)
    return `${days} day${days === 1 ? '' : 's'} cannot cover ${form.destinations.length} destinations: each needs at least one day.`
  return undefined
}

/**
 * Which fields the spec's "Please fill in all fields" means, by their labels: "Still needed: Destination 2
 * (type a city and pick it from the list), Pace." A city typed but not picked counts as missing.
 */
export function missingFieldsText(form: TripForm): string | undefined {
  const pickCity = (label: string) => `${label} (type a city and pick it from the list)`
  const missing = [
    !form.origin && pickCity('Origin'),
    ...form.destinations.map((choice, index) => !choice && pickCity(`Destination ${index + 1}`)),
    !form.startDate && 'Start date',
    !form.endDate && 'End date',
    form.themes.length === 0 && 'Themes',
    !form.pace && 'Pace',
  ].filter((label): label is string => Boolean(label))
  return missing.length > 0 ? `Still needed: ${missing.join(', ')}.` : undefined
}

/**
 * What the trip will hold where a destination's own places cannot fill its days at the chosen pace:
 * "Lisbon has places for 2 days at this pace: its other 3 days will be day trips to towns nearby, or free time."
 */
export function capacityHints(form: TripForm): string[] {
  const days = dayCount(form)
  if (!form.pace || !Number.isFinite(days) || days < form.destinations.length) return []
  const split = defaultSplit(days, form.destinations.length)
  return form.destinations.flatMap((choice, index) => {
    const wanted = split[index]!
    if (!choice || choice.places === undefined) return []
    // The generator's own rule: a day in the city for each full day's share of its places.
    const own = Math.min(wanted, cityDaysFor(choice.places, form.pace as Pace))
    const rest = wanted - own
    if (rest === 0) return []
    return [
      `${choice.city} has places for ${own} day${own === 1 ? '' : 's'} at this pace: its other ${rest} day${rest === 1 ? '' : 's'} will be day trips to towns nearby, or free time.`,
    ]
  })
}

/** Spec §7: the generate call's body; the home form gives the remainder of the split to the first destination. */
export function generateRequest(form: TripForm) {
  const destinations = form.destinations.map((choice) => choice!.description)
  const split = defaultSplit(dayCount(form), destinations.length)
  return {
    origin_city: form.origin!.city,
    destinations,
    trip_types: form.themes.map(themeSlug),
    pace: form.pace,
    start_date: form.startDate,
    end_date: form.endDate,
    daysPerCity: Object.fromEntries(form.destinations.map((choice, index) => [choice!.city, split[index]!])),
    ...(Object.keys(staysOf(form)).length > 0 ? { stays: staysOf(form) } : {}),
  }
}

/** The trip data the itinerary page keeps (spec §3). */
export function tripDataOf(form: TripForm): TripData {
  return {
    origin: form.origin!.city,
    destinations: form.destinations.map((choice) => choice!.city),
    destinationQueries: form.destinations.map((choice) => choice!.description),
    startDate: form.startDate,
    endDate: form.endDate,
    tripType: [...form.themes],
    tripPace: form.pace || null,
    daysPerDestination: {},
    ...(Object.keys(staysOf(form)).length > 0 ? { stays: staysOf(form) } : {}),
  }
}

/**
 * What the field says under a picked city, whose input keeps only the city name: where the city is, so that
 * Paris, France and Paris, Texas are told apart, and how many places it has when known.
 */
export function pickedCityNote(choice: CityChoice): string {
  return [choice.description, placesNote(choice.places)].filter(Boolean).join(' · ')
}

/** "23 places to plan" next to a suggestion that says how many it has. */
export function placesNote(places: number | undefined): string | undefined {
  if (places === undefined) return undefined
  if (places === 0) return 'No places to plan yet'
  return `${places} place${places === 1 ? '' : 's'} to plan`
}
