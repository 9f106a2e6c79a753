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

/** Whether a city with `places` attractions can fill `days` days at this pace. */
export const hasEnoughPlaces = (places: number, days: number, pace: Pace) => places >= placesNeeded(days, pace)

/** The most days a city with `places` attractions can be given at this pace. */
export const daysPossible = (places: number, pace: Pace) => Math.floor(places / minimumPlacesPerDay(pace))

export const notEnoughPlacesMessage = (city: string, days: number) =>
  `There are not enough attractions in ${city} to fill ${days} day${days === 1 ? '' : 's'}. Give ${city} fewer days or choose another destination.`
