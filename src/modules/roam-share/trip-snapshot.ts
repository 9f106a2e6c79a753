/**
 * The trip a post carries: a snapshot of one of its author's saved itineraries as it was when attached
 * (cities, day counts, each day's places in order with their visit lengths), so later edits of the saved
 * trip do not change the post. It holds nothing personal the post does not already show: no origin, no
 * place the traveller stays at, no journey from home, no locks or deleted places.
 */
import { Schema } from 'effect'
import { DaySchema } from '../itinerary/planner/document.ts'
import type { PlanDay } from '../itinerary/planner/plan.ts'
import type { TripCard } from './trip-card.ts'

export const TripSnapshotSchema = Schema.Struct({
  title: Schema.String,
  destinations: Schema.Array(Schema.String),
  daysPerDestination: Schema.Record(Schema.String, Schema.Finite),
  startDate: Schema.NullOr(Schema.String),
  tripType: Schema.Array(Schema.String),
  tripPace: Schema.NullOr(Schema.String),
  days: Schema.Array(DaySchema),
})
export type TripSnapshot = typeof TripSnapshotSchema.Type

/** What a snapshot is taken from: a saved itinerary as its owner reads it. */
export interface SavedTrip {
  readonly title: string
  readonly trip_data: {
    readonly destinations: readonly string[]
    readonly daysPerDestination: Readonly<Record<string, number>>
    readonly startDate: string | null
    readonly tripType: readonly string[]
    readonly tripPace: string | null
  }
  readonly itinerary_data: readonly PlanDay[]
}

/** A day as the post keeps it: the day's plan without where the traveller stays or comes from. */
function publicDay(day: PlanDay): PlanDay {
  const { base: _base, journey: _journey, arrives_at: _arrives, ...kept } = day
  return {
    ...kept,
    places: day.places.map(({ locked: _locked, opening_hours: _hours, ...place }) => place),
  }
}

export function snapshotOf(saved: SavedTrip): TripSnapshot {
  const trip = saved.trip_data
  return {
    title: saved.title,
    destinations: [...trip.destinations],
    daysPerDestination: { ...trip.daysPerDestination },
    startDate: trip.startDate,
    tripType: [...trip.tripType],
    tripPace: trip.tripPace,
    days: saved.itinerary_data.map(publicDay),
  }
}

/** Stops a card's thumbnail draws at most (a long trip's route is drawn from every few stops). */
const SKETCH_STOPS = 60
const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4

/** The card a post shows under its media: title, cities with their day counts, a thumbnail of the route. */
export function tripCardOf(snapshot: TripSnapshot): Omit<TripCard, 'copies'> {
  const cities = snapshot.destinations.map((name) => ({
    name,
    days: snapshot.daysPerDestination[name] ?? snapshot.days.filter((day) => day.city === name).length,
  }))
  const stops = snapshot.days.reduce((sum, day) => sum + day.places.length, 0)
  const every = Math.max(1, Math.ceil(stops / SKETCH_STOPS))
  let seen = 0
  const sketch = snapshot.days.map((day) =>
    day.places.flatMap((place) => (seen++ % every === 0 ? [[round(place.latitude), round(place.longitude)] as [number, number]] : [])),
  )
  return { title: snapshot.title, cities, days: snapshot.days.length, places: stops, sketch }
}

/** The cities a trip visits, day trips' towns too, lower case, for the feed's location search. */
export const tripPlaceNames = (snapshot: TripSnapshot) =>
  [...new Set(snapshot.days.flatMap((day) => [day.city, ...(day.day_trip ? [day.day_trip] : [])]).map((name) => name.toLowerCase()))].join('\n')
