/**
 * What the saved-itinerary endpoints answer (spec §3, Saved itinerary and Shared itinerary as read).
 * Pure and browser-safe: the islands read these shapes.
 */
import type { TripData } from '../planner/document.ts'
import { OSM_ATTRIBUTION, showsOpenStreetMap, type PlaceHours } from '../planner/place-hours.ts'
import type { LegMode } from '../planner/legs.ts'
import type { DayBreak, PlanDay } from '../planner/plan.ts'

/** Trip data with the dates under both spellings the spec allows (startDate or start_date). */
export type SavedTripData = TripData & { readonly start_date: string | null; readonly end_date: string | null }

export interface SavedItineraryView {
  readonly saved_id: string
  readonly title: string
  readonly trip_data: SavedTripData
  readonly itinerary_data: readonly PlanDay[]
  /** The read-only link, once shared. */
  readonly share_url: string | null
  readonly created_at: string
  readonly updated_at: string
}

export interface SharedPlace {
  readonly name: string
  readonly address: string | null
  readonly start_time: number
  readonly visit_duration: number
  readonly travel_time_from_previous: number
  readonly travel_mode?: LegMode
  /** Where it is, for the day's map. */
  readonly latitude: number
  readonly longitude: number
  /** Its open windows on its city's dates, when the plan recorded them. */
  readonly opening_hours?: PlaceHours
}

export interface SharedItinerary {
  readonly title: string
  readonly creator_name: string
  readonly meta: { readonly shared_at: string | null }
  readonly data: {
    readonly destinations: readonly string[]
    readonly start_date: string | null
    readonly end_date: string | null
    readonly days: ReadonlyArray<{
      readonly day: number
      readonly date: string | null
      readonly city: string
      readonly day_trip?: string
      readonly day_trip_ride?: number
      readonly breaks?: readonly DayBreak[]
      readonly journey?: string
      readonly free_time?: string
      readonly places: readonly SharedPlace[]
    }>
    /** The credit its places' source asks for (OpenStreetMap's ODbL), when it asks for one. */
    readonly attribution?: string
  }
}

/** Spec §2: the shared page's defaults. */
export const SHARED_TITLE_DEFAULT = 'Shared Itinerary'
export const CREATOR_DEFAULT = 'A Roam traveller'

export const shareUrl = (publicBaseUrl: string, shareId: string) => `${publicBaseUrl.replace(/\/+$/, '')}/itinerary/shared/${encodeURIComponent(shareId)}`

export function savedTripData(trip: TripData): SavedTripData {
  return { ...trip, start_date: trip.startDate, end_date: trip.endDate }
}

export function sharedItinerary(
  row: { title: string; trip: TripData; days: readonly PlanDay[]; sharedAt: Date | null },
  creatorName: string | undefined,
): SharedItinerary {
  return {
    title: row.title || SHARED_TITLE_DEFAULT,
    creator_name: creatorName || CREATOR_DEFAULT,
    meta: { shared_at: row.sharedAt?.toISOString() ?? null },
    data: {
      destinations: row.trip.destinations,
      start_date: row.trip.startDate,
      end_date: row.trip.endDate,
      days: row.days.map((day) => ({
        day: day.day,
        date: day.date,
        city: day.city,
        ...(day.day_trip ? { day_trip: day.day_trip } : {}),
        ...(day.day_trip && day.day_trip_ride ? { day_trip_ride: day.day_trip_ride } : {}),
        ...(day.free_time ? { free_time: day.free_time } : {}),
        ...(day.breaks?.length ? { breaks: day.breaks } : {}),
        ...(day.journey ? { journey: day.journey } : {}),
        places: day.places.map((place) => ({
          name: place.name,
          address: place.address,
          start_time: place.start_time,
          visit_duration: place.visit_duration,
          travel_time_from_previous: place.travel_time_from_previous,
          ...(place.travel_mode ? { travel_mode: place.travel_mode } : {}),
          latitude: place.latitude,
          longitude: place.longitude,
          ...(place.opening_hours ? { opening_hours: place.opening_hours } : {}),
        })),
      })),
      ...(showsOpenStreetMap(row.days) ? { attribution: OSM_ATTRIBUTION } : {}),
    },
  }
}
