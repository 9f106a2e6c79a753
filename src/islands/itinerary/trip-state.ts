/**
 * What the itinerary page works on (spec §2: it receives tripData, itineraryData, daysPerCity, savedTitle,
 * isEditing, savedId) and the pending save of spec §4, both kept in session storage: the page survives a
 * reload, and a save started while logged out survives the trip through the login page.
 */
import type { PlanDay } from '../../modules/itinerary/planner/plan.ts'
import type { Stay } from '../../modules/itinerary/planner/trip.ts'

/** Spec §3, Trip data (itinerary page). `destinationQueries` keeps the chosen suggestions, which pin each city down. */
export interface TripData {
  readonly origin: string
  readonly destinations: readonly string[]
  readonly startDate: string | null
  readonly endDate: string | null
  readonly tripType: readonly string[]
  readonly tripPace: string | null
  readonly daysPerDestination: Readonly<Record<string, number>>
  readonly destinationQueries?: readonly string[] | undefined
  /** Places deleted from this trip: a re-plan never brings them back. */
  readonly removedPlaces?: readonly string[] | undefined
  /** Where the traveller stays, by destination city: every day there starts and ends there. */
  readonly stays?: Readonly<Record<string, Stay>> | undefined
  /** The Roam Share post whose trip this one was copied from. */
  readonly basedOnPost?: string | undefined
}

/** Trip data with these places to stay (none: the centre of each city's sights). */
export function withStays(trip: TripData, stays: Readonly<Record<string, Stay>>): TripData {
  const { stays: _, ...rest } = trip
  return Object.keys(stays).length > 0 ? { ...rest, stays } : rest
}

export interface ItineraryPageState {
  readonly tripData: TripData
  readonly itineraryData: readonly PlanDay[]
  readonly daysPerCity: Readonly<Record<string, number>>
  readonly savedTitle: string | null
  readonly isEditing: boolean
  readonly savedId: string | null
  /** What the planner said about this plan: days left free and why, a places service that did not answer. */
  readonly notices?: readonly string[] | undefined
}

/** A save made while logged out, finished after login (POST /api/itinerary/save). */
export interface PendingSave {
  readonly tripData: TripData
  readonly editableItinerary: readonly PlanDay[]
  readonly title: string | null
  readonly saved_id: string | null
}

export const ITINERARY_KEY = 'roam.itinerary'
export const PENDING_SAVE_KEY = 'roam.pendingSave'

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.sessionStorage)

function read<T>(key: string, valid: (value: any) => boolean): T | null {
  try {
    const value = JSON.parse(storage()?.getItem(key) ?? 'null')
    return value && typeof value === 'object' && valid(value) ? (value as T) : null
  } catch {
    return null
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or disabled: the page still works, it just will not survive a reload.
  }
}

export const readItineraryState = () =>
  read<ItineraryPageState>(ITINERARY_KEY, (value) => Array.isArray(value.itineraryData) && typeof value.tripData === 'object' && value.tripData !== null)

export const writeItineraryState = (state: ItineraryPageState) => write(ITINERARY_KEY, state)

export const readPendingSave = () => read<PendingSave>(PENDING_SAVE_KEY, (value) => Array.isArray(value.editableItinerary))

export const writePendingSave = (pending: PendingSave) => write(PENDING_SAVE_KEY, pending)

export const clearPendingSave = () => storage()?.removeItem(PENDING_SAVE_KEY)

/** The page state of a freshly generated itinerary. */
export function generatedState(
  tripData: TripData,
  itinerary: readonly PlanDay[],
  daysPerCity: Readonly<Record<string, number>>,
  notices: readonly string[] = [],
): ItineraryPageState {
  return {
    tripData: { ...tripData, daysPerDestination: daysPerCity },
    itineraryData: itinerary,
    daysPerCity,
    savedTitle: null,
    isEditing: false,
    savedId: null,
    ...(notices.length > 0 ? { notices } : {}),
  }
}
