/**
 * Itinerary rules the trip form and the server share: whether a destination has enough places for its
 * days, and what the traveller is told when it has not. Pure, so islands can import it.
 */
import { PACE_SETTINGS, type Pace } from './pace.ts'

/**
 * The fewest places a day needs for a trip worth planning: half the pace's typical day, rounded up
 * (slow-paced 2, moderate 3, fast-paced 4). Fewer, and some days would be one visit or empty.
 */
export const minimumPlacesPerDay = (pace: Pace) => Math.ceil(PACE_SETTINGS[pace].placesPerDay / 2)

export const placesNeeded = (days: number, pace: Pace) => days * minimumPlacesPerDay(pace)

/**
 * The places a full day in one city wants: four fifths of the pace's typical day, rounded up (slow-paced 3,
 * moderate 4, fast-paced 6). A city gets a day of its own for each such share of its places; the rest of
 * its days go to day trips, so no day is a thin one while towns nearby have sights to fill it.
 */
export const fullDayPlaces = (pace: Pace) => Math.ceil(PACE_SETTINGS[pace].placesPerDay * 0.8)

/** The days a city's own places fill well at this pace (at least one when it has any). */
export const cityDaysFor = (places: number, pace: Pace) => (places > 0 ? Math.max(1, Math.floor(places / fullDayPlaces(pace))) : 0)

/** Whether a city with `places` attractions can fill `days` days at this pace. */
export const hasEnoughPlaces = (places: number, days: number, pace: Pace) => places >= placesNeeded(days, pace)

/** The most days a city with `places` attractions can be given at this pace. */
export const daysPossible = (places: number, pace: Pace) => Math.floor(places / minimumPlacesPerDay(pace))

export const notEnoughPlacesMessage = (city: string, days: number) =>
  `There are not enough attractions in ${city} to fill ${days} day${days === 1 ? '' : 's'}. Give ${city} fewer days or choose another destination.`

/** Why a destination's day is left free: said on the day itself. */
export const freeTimeReason = (city: string, places: number) =>
  `${city} has ${places} place${places === 1 ? '' : 's'} to visit in the places catalog and no town within a day trip has more: this day is free time.`

/**
 * One line per destination with free days, for the traveller to read above the plan, saying what they can
 * do about it: "Dubai has 6 places to visit: days 3–4 are free time. Give Dubai fewer days, or add a nearby
 * town as a destination."
 */
export function freeTimeNotice(
  days: ReadonlyArray<{ readonly day: number; readonly city: string; readonly free_time?: string | undefined }>,
  placesOf: (city: string) => number,
): string[] {
  const byCity = new Map<string, number[]>()
  for (const day of days) if (day.free_time) byCity.set(day.city, [...(byCity.get(day.city) ?? []), day.day])
  return [...byCity].map(([city, numbers]) => {
    const first = numbers[0]!
    const last = numbers.at(-1)!
    const which = numbers.length === 1 ? `day ${first} is` : `days ${first}–${last} are`
    const places = placesOf(city)
    return `${city} has ${places} place${places === 1 ? '' : 's'} to visit: ${which} free time. Give ${city} fewer days, or add a nearby town as a destination.`
  })
}
