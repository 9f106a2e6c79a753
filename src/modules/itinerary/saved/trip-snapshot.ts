/**
 * A saved trip as others may copy it: a snapshot of the itinerary (cities, day counts, each day's places in
 * order with their visit lengths). A Roam Share post keeps one as it was when attached, so later edits of the
 * saved trip do not change the post; a shared page gives one to copy. It holds nothing personal: no origin,
 * no place the traveller stays at, no journey from home, no locks or deleted places.
 */
import { Schema } from 'effect'
import { DaySchema } from '../planner/document.ts'
import type { PlanDay } from '../planner/plan.ts'

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
