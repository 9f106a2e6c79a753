import type { Attraction } from '../../places/domain.ts'
import { hoursOn } from '../../places/opening-hours.ts'
import { windowText, type PlaceHours } from './place-hours.ts'
import type { PlanDay, PlanPlace } from './plan.ts'
import type { DayPlan } from './plan-city.ts'
import { dateAfter } from './trip.ts'

/** A place in a generated itinerary day (spec §3, Place): always with its categories. */
export interface ItineraryPlace extends PlanPlace {
  readonly categories: readonly string[]
}

/** A generated day: always dated. */
export interface ItineraryDay extends PlanDay {
  readonly date: string
  readonly places: readonly ItineraryPlace[]
}

/** One planned day of a destination: in the city, on a day trip to a town within reach, or free time. */
export interface CityDay extends DayPlan {
  readonly dayTrip?: string
  /** The day trip's ride from the city, one way, in minutes. */
  readonly rideMinutes?: number
  /** The journey that takes the start of the day (its words). */
  readonly journey?: string
  /** When that journey brings the traveller there, in minutes from midnight. */
  readonly arrivesAt?: number
  readonly freeTime?: string
}

/** A place's open windows on each of `dates`, and whether they are its own hours. */
export function placeHours(attraction: Attraction, dates: readonly string[]): PlaceHours {
  const days = dates.map((date) => [date, hoursOn(attraction, date)] as const)
  return { known: days[0]?.[1].known ?? false, dates: Object.fromEntries(days.map(([date, hours]) => [date, hours.windows.map(windowText)])) }
}

/** Lays the cities' planned days end to end from the start date: day numbers and dates run on. */
export function assembleItinerary(startDate: string, cities: ReadonlyArray<{ readonly city: string; readonly days: readonly CityDay[] }>): ItineraryDay[] {
  const itinerary: ItineraryDay[] = []
  for (const { city, days } of cities) {
    const dates = days.map((_, k) => dateAfter(startDate, itinerary.length + k))
    for (const planned of days) {
      const index = itinerary.length
      itinerary.push({
        day: index + 1,
        date: dateAfter(startDate, index),
        city,
        places: planned.visits.map((visit) => ({
          id: visit.attraction.id,
          name: visit.attraction.name,
          address: visit.attraction.address,
          rating: visit.attraction.rating,
          reviews_count: visit.attraction.reviewsCount,
          visit_duration: visit.visitMinutes / 60,
          start_time: visit.start / 60,
          travel_time_from_previous: visit.travelMinutes,
          ...(visit.travelMode ? { travel_mode: visit.travelMode } : {}),
          city,
          coordinates: { latitude: visit.attraction.latitude, longitude: visit.attraction.longitude },
          latitude: visit.attraction.latitude,
          longitude: visit.attraction.longitude,
          categories: [visit.attraction.kind, ...visit.attraction.themes],
          ...(visit.locked ? { locked: true } : {}),
          opening_hours: placeHours(visit.attraction, dates),
          ...(visit.attraction.wikipedia ? { wikipedia: visit.attraction.wikipedia } : {}),
        })),
        ...(planned.dayTrip ? { day_trip: planned.dayTrip } : {}),
        ...(planned.rideMinutes ? { day_trip_ride: planned.rideMinutes } : {}),
        ...(planned.journey ? { journey: planned.journey } : {}),
        ...(planned.journey && planned.arrivesAt !== undefined ? { arrives_at: planned.arrivesAt / 60 } : {}),
        ...(planned.base ? { base: { latitude: planned.base.latitude, longitude: planned.base.longitude } } : {}),
        ...(planned.breaks?.length
          ? { breaks: planned.breaks.map((pause) => ({ kind: pause.kind, start: pause.start / 60, end: (pause.start + pause.minutes) / 60 })) }
          : {}),
        ...(planned.freeTime ? { free_time: planned.freeTime } : {}),
      })
    }
  }
  return itinerary
}
