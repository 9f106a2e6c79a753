/**
 * A saved itinerary's document: the trip data and the days. The spec's payloads are loose (trip data as
 * `tripData` or `trip_data`, dates as `startDate` or `start_date`, the days as `editableItinerary`,
 * `itineraryData` or `itinerary_data`), so requests are decoded leniently with bounded sizes, then
 * normalised into one canonical shape (what events and read models hold) and checked with the editor's
 * rules.
 */
import { Effect, Schema } from 'effect'
import { BadRequest, RuleViolated } from '../../../platform/errors.ts'
import { coordinatesOf, itineraryProblem, normalizeDays } from './edit-rules.ts'
import { dateAfter, MAX_DESTINATIONS, MAX_STAY_NAME, MAX_TRIP_DAYS } from './trip.ts'
import { cityOf, type DayBreak, type PlanDay, type PlanPlace } from './plan.ts'

export const MAX_TITLE_LENGTH = 120
/** 48 half-hour slots: no day can hold more visits. */
export const MAX_PLACES_PER_DAY = 48
/**
 * Visits one trip may hold: ten a day for the longest trip, more than any plan makes. What a trip holds is
 * rendered and sent on every view of its shared page, so one account's trips must stay of a bounded size.
 */
export const MAX_PLACES_PER_TRIP = 600
const MAX_NAME = 200
const MAX_ADDRESS = 300
const MAX_CITY = 100
/** Deleted places remembered per trip: more than any trip holds. */
export const MAX_REMOVED_PLACES = 1000

const Text = (max: number) => Schema.String.pipe(Schema.check(Schema.isMaxLength(max)))
const Maybe = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))
const List = <S extends Schema.Top>(item: S, max: number) => Schema.Array(item).pipe(Schema.check(Schema.isMaxLength(max)))

// ---- the canonical shape (events, read models, answers) ----------------------------------------------

const CoordinatesSchema = Schema.Struct({ latitude: Schema.Finite, longitude: Schema.Finite })

export const PlaceSchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  address: Schema.NullOr(Schema.String),
  rating: Schema.NullOr(Schema.Finite),
  reviews_count: Schema.NullOr(Schema.Finite),
  visit_duration: Schema.Finite,
  start_time: Schema.Finite,
  travel_time_from_previous: Schema.Finite,
  travel_mode: Schema.optional(Schema.Literals(['walk', 'transit'])),
  city: Schema.String,
  coordinates: CoordinatesSchema,
  latitude: Schema.Finite,
  longitude: Schema.Finite,
  categories: Schema.optional(Schema.Array(Schema.String)),
  locked: Schema.optional(Schema.Boolean),
  opening_hours: Schema.optional(Schema.Struct({ known: Schema.Boolean, dates: Schema.Record(Schema.String, Schema.Array(Schema.String)) })),
  wikipedia: Schema.optional(Schema.String),
})

export const DaySchema = Schema.Struct({
  day: Schema.Finite,
  date: Schema.NullOr(Schema.String),
  city: Schema.String,
  places: Schema.Array(PlaceSchema),
  day_trip: Schema.optional(Schema.String),
  day_trip_ride: Schema.optional(Schema.Finite),
  breaks: Schema.optional(Schema.Array(Schema.Struct({ kind: Schema.Literals(['lunch', 'dinner']), start: Schema.Finite, end: Schema.Finite }))),
  base: Schema.optional(CoordinatesSchema),
  journey: Schema.optional(Schema.String),
  arrives_at: Schema.optional(Schema.Finite),
  free_time: Schema.optional(Schema.String),
})

/** Spec §3, Trip data (itinerary page), as stored. */
const StaySchema = Schema.Struct({ name: Schema.String, latitude: Schema.Finite, longitude: Schema.Finite })

export const TripDataSchema = Schema.Struct({
  origin: Schema.String,
  destinations: Schema.Array(Schema.String),
  startDate: Schema.NullOr(Schema.String),
  endDate: Schema.NullOr(Schema.String),
  tripType: Schema.Array(Schema.String),
  tripPace: Schema.NullOr(Schema.String),
  daysPerDestination: Schema.Record(Schema.String, Schema.Finite),
  /** Ids of the places the traveller deleted from this trip: a re-plan never brings them back. */
  removedPlaces: Schema.optional(Schema.Array(Schema.String)),
  /** Where the traveller stays, by destination: every day there starts and ends there. */
  stays: Schema.optional(Schema.Record(Schema.String, StaySchema)),
  /** The Roam Share post whose trip this one was copied from (its author is read from the post, while it is there). */
  basedOnPost: Schema.optional(Schema.String),
})
export type TripData = typeof TripDataSchema.Type

export interface ItineraryDocument {
  readonly trip: TripData
  readonly days: readonly PlanDay[]
}

// ---- what clients send ------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/
const WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/
/** A Wikipedia article's address, the only link a place keeps. */
const WIKIPEDIA = /^https:\/\/[a-z]{2,3}(-[a-z]{2,8})?\.wikipedia\.org\/wiki\/[^\s]{1,600}$/
/** A Roam Share post's id. */
const POST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A place's hours are kept for at most this many dates (its city's days). */
const MAX_HOURS_DATES = 60

const InputPlace = Schema.Struct({
  id: Schema.optional(Schema.Union([Text(MAX_NAME), Schema.Finite])),
  name: Text(MAX_NAME),
  address: Maybe(Text(MAX_ADDRESS)),
  rating: Maybe(Schema.Finite),
  reviews_count: Maybe(Schema.Finite),
  visit_duration: Schema.Finite,
  start_time: Schema.Finite,
  city: Maybe(Text(MAX_CITY)),
  coordinates: Maybe(Schema.Struct({ latitude: Maybe(Schema.Finite), longitude: Maybe(Schema.Finite) })),
  latitude: Maybe(Schema.Finite),
  longitude: Maybe(Schema.Finite),
  categories: Schema.optional(List(Text(60), 20)),
  locked: Maybe(Schema.Boolean),
  wikipedia: Maybe(Text(700)),
  opening_hours: Schema.optional(
    Schema.Struct({
      known: Schema.Boolean,
      dates: Schema.Record(Schema.String.pipe(Schema.check(Schema.isPattern(DATE))), List(Schema.String.pipe(Schema.check(Schema.isPattern(WINDOW))), 8)),
    }),
  ),
})

const InputDay = Schema.Struct({
  date: Maybe(Text(40)),
  city: Text(MAX_CITY),
  places: List(InputPlace, MAX_PLACES_PER_DAY),
  day_trip: Maybe(Text(MAX_CITY)),
  day_trip_ride: Maybe(Schema.Finite),
  breaks: Maybe(List(Schema.Struct({ kind: Schema.Literals(['lunch', 'dinner']), start: Schema.Finite, end: Schema.Finite }), 2)),
  base: Maybe(Schema.Struct({ latitude: Maybe(Schema.Finite), longitude: Maybe(Schema.Finite) })),
  journey: Maybe(Text(200)),
  arrives_at: Maybe(Schema.Finite),
  free_time: Maybe(Text(400)),
})

const InputTrip = Schema.Struct({
  origin: Maybe(Text(MAX_CITY)),
  origin_city: Maybe(Text(MAX_CITY)),
  destinations: Maybe(List(Text(MAX_CITY), MAX_DESTINATIONS)),
  startDate: Maybe(Text(40)),
  start_date: Maybe(Text(40)),
  endDate: Maybe(Text(40)),
  end_date: Maybe(Text(40)),
  tripType: Maybe(Schema.Union([Text(60), List(Text(60), 10)])),
  trip_types: Maybe(List(Text(60), 10)),
  tripPace: Maybe(Text(40)),
  pace: Maybe(Text(40)),
  daysPerDestination: Maybe(Schema.Record(Text(MAX_CITY), Schema.Finite)),
  daysPerCity: Maybe(Schema.Record(Text(MAX_CITY), Schema.Finite)),
  removedPlaces: Maybe(List(Text(MAX_NAME), MAX_REMOVED_PLACES)),
  stays: Maybe(Schema.Record(Text(MAX_CITY), Schema.Struct({ name: Text(MAX_STAY_NAME), latitude: Schema.Finite, longitude: Schema.Finite }))),
  basedOnPost: Maybe(Text(64)),
})

export const InputDays = List(InputDay, MAX_TRIP_DAYS)

/** Spec §7: the body of save-full (tripData, editableItinerary, title, saved_id) and of the pending save. */
export const SaveBody = Schema.Struct({
  tripData: Maybe(InputTrip),
  trip_data: Maybe(InputTrip),
  editableItinerary: Maybe(InputDays),
  itineraryData: Maybe(InputDays),
  itinerary_data: Maybe(InputDays),
  itinerary: Maybe(InputDays),
  title: Maybe(Text(1000)),
  savedTitle: Maybe(Text(1000)),
  saved_id: Maybe(Schema.Union([Text(64), Schema.Finite])),
  savedId: Maybe(Schema.Union([Text(64), Schema.Finite])),
  /** The document is a re-plan around the locks (the History names the version so). */
  replanned: Maybe(Schema.Boolean),
})
export type SaveBody = typeof SaveBody.Type
type InputTrip = typeof InputTrip.Type
type InputDay = typeof InputDay.Type
type InputPlace = typeof InputPlace.Type

// ---- normalising -------------------------------------------------------------------------------------

/** A date or date-time → its YYYY-MM-DD, or null when it is not one. */
function dayOf(text: string | null | undefined): string | null {
  const day = (text ?? '').trim().slice(0, 10)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null
  const parsed = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/** A title as stored: whitespace collapsed; empty when none was given. Too long is a 400. */
export function cleanTitle(text: string | null | undefined): string {
  const title = clean(text)
  if (title.length > MAX_TITLE_LENGTH) throw new BadRequest({ message: `The trip name must be at most ${MAX_TITLE_LENGTH} characters` })
  return title
}

const onHalfHour = (hours: number) => Math.round(hours * 2) / 2

function toPlace(input: InputPlace, day: InputDay, dayNumber: number, index: number): PlanPlace {
  const where = `Day ${dayNumber}, place ${index + 1}`
  const name = clean(input.name)
  if (!name) throw new BadRequest({ message: `${where}: name is required` })
  const coordinates = coordinatesOf(input)
  if (!coordinates) throw new RuleViolated({ message: 'Missing coordinates. Please try a different place.' })
  const duration = onHalfHour(input.visit_duration)
  if (duration < 0.5 || duration > 6) throw new BadRequest({ message: `${where}: visit_duration must be between 0.5 and 6 hours` })
  const start = onHalfHour(input.start_time)
  if (start < 0 || start > 23.5) throw new BadRequest({ message: `${where}: start_time must be between 0 and 23.5 hours` })
  const rating = input.rating ?? null
  const reviews = input.reviews_count ?? null
  return {
    id: clean(input.id === undefined ? `${dayNumber}-${index + 1}` : String(input.id)),
    name,
    address: clean(input.address) || null,
    rating: rating !== null && rating >= 0 && rating <= 5 ? rating : null,
    reviews_count: reviews !== null && reviews >= 0 ? Math.round(reviews) : null,
    visit_duration: duration,
    start_time: start,
    travel_time_from_previous: 0,
    city: cityOf(clean(input.city) || day.city),
    coordinates,
    latitude: coordinates.latitude,
    longitude: coordinates.longitude,
    categories: input.categories ?? [],
    ...(input.locked ? { locked: true } : {}),
    ...(input.opening_hours && Object.keys(input.opening_hours.dates).length <= MAX_HOURS_DATES ? { opening_hours: input.opening_hours } : {}),
    ...(input.wikipedia && WIKIPEDIA.test(input.wikipedia) ? { wikipedia: input.wikipedia } : {}),
  }
}

function toTrip(input: InputTrip, days: readonly PlanDay[]): TripData {
  const destinations = (input.destinations ?? []).map(clean).filter(Boolean)
  const fromDays = [...new Set(days.map((day) => day.city))]
  const themes = input.tripType ?? input.trip_types ?? []
  const split = input.daysPerDestination ?? input.daysPerCity ?? {}
  const removed = [...new Set((input.removedPlaces ?? []).map(clean).filter(Boolean))]
  const stays = Object.entries(input.stays ?? {})
    .map(([city, stay]) => [clean(city), { name: clean(stay.name), latitude: stay.latitude, longitude: stay.longitude }] as const)
    .filter(([city, stay]) => city && stay.name && Math.abs(stay.latitude) <= 90 && Math.abs(stay.longitude) <= 180)
    .slice(0, MAX_DESTINATIONS)
  return {
    origin: clean(input.origin ?? input.origin_city),
    destinations: destinations.length > 0 ? destinations : fromDays,
    startDate: dayOf(input.startDate ?? input.start_date) ?? days[0]?.date ?? null,
    endDate: dayOf(input.endDate ?? input.end_date) ?? days.at(-1)?.date ?? null,
    tripType: (typeof themes === 'string' ? [themes] : [...themes]).map(clean).filter(Boolean),
    tripPace: clean(input.tripPace ?? input.pace) || null,
    daysPerDestination: Object.fromEntries(
      Object.entries(split)
        .filter(([city, count]) => clean(city) && Number.isInteger(count) && count >= 1 && count <= MAX_TRIP_DAYS)
        .slice(0, MAX_DESTINATIONS)
        .map(([city, count]) => [clean(city), count]),
    ),
    ...(removed.length > 0 ? { removedPlaces: removed } : {}),
    ...(stays.length > 0 ? { stays: Object.fromEntries(stays) } : {}),
    ...(input.basedOnPost && POST_ID.test(input.basedOnPost) ? { basedOnPost: input.basedOnPost.toLowerCase() } : {}),
  }
}

/** A day's breaks as a saved document may carry them: one of each kind, on the grid, half an hour to two, clear of every visit. */
function breaksOf(input: InputDay['breaks'], places: readonly PlanPlace[]): DayBreak[] {
  const kept: DayBreak[] = []
  for (const pause of input ?? []) {
    const start = onHalfHour(pause.start)
    const end = onHalfHour(pause.end)
    if (kept.some((other) => other.kind === pause.kind) || start < 0 || end - start < 0.5 || end - start > 2 || end > 24) continue
    if (places.every((place) => place.start_time + place.visit_duration <= start || end <= place.start_time)) kept.push({ kind: pause.kind, start, end })
  }
  return kept
}

/** A day trip's ride as a saved document may carry it: minutes one way, up to a long day's worth. */
const isRide = (minutes: number | null | undefined): minutes is number => typeof minutes === 'number' && minutes > 0 && minutes <= 600

/**
 * The canonical document of a save request: days numbered from 1 (dates from the trip's start when a
 * day has none), places on the half-hour grid with the travel estimate recomputed; a document that
 * breaks an edit rule is refused with the editor's message (422). Throws BadRequest / RuleViolated.
 */
export function documentOf(body: SaveBody): ItineraryDocument {
  const inputDays = body.editableItinerary ?? body.itineraryData ?? body.itinerary_data ?? body.itinerary ?? []
  if (inputDays.length === 0) throw new BadRequest({ message: 'The itinerary has no days to save' })
  const visits = inputDays.reduce((sum, day) => sum + day.places.length, 0)
  if (visits > MAX_PLACES_PER_TRIP)
    throw new RuleViolated({
      message: `A trip can hold at most ${MAX_PLACES_PER_TRIP} visits; this one has ${visits}. Remove some places or split the trip in two.`,
    })
  const inputTrip = body.tripData ?? body.trip_data ?? {}
  const start = dayOf(inputTrip.startDate ?? inputTrip.start_date)
  const days = normalizeDays(
    inputDays.map((day, index) => {
      const city = cityOf(clean(day.city))
      if (!city) throw new BadRequest({ message: `Day ${index + 1}: city is required` })
      const places = day.places.map((place, k) => toPlace(place, day, index + 1, k))
      const breaks = breaksOf(day.breaks, places)
      return {
        day: index + 1,
        date: dayOf(day.date) ?? (start ? dateAfter(start, index) : null),
        city,
        places,
        ...(breaks.length > 0 ? { breaks } : {}),
        ...(clean(day.journey) ? { journey: clean(day.journey) } : {}),
        ...(clean(day.journey) && typeof day.arrives_at === 'number' && day.arrives_at >= 0 && day.arrives_at <= 24 ? { arrives_at: day.arrives_at } : {}),
        ...(day.base && coordinatesOf(day.base) ? { base: coordinatesOf(day.base)! } : {}),
        ...(clean(day.day_trip) ? { day_trip: clean(day.day_trip) } : {}),
        ...(clean(day.day_trip) && isRide(day.day_trip_ride) ? { day_trip_ride: Math.round(day.day_trip_ride) } : {}),
        ...(clean(day.free_time) && day.places.length === 0 ? { free_time: clean(day.free_time) } : {}),
      }
    }),
  )
  const problem = itineraryProblem(days)
  if (problem) throw new RuleViolated({ message: problem })
  return { trip: toTrip(inputTrip, days), days }
}

/** `documentOf` as an Effect: its refusals become typed failures, anything else stays a defect. */
export const readDocument = (body: SaveBody): Effect.Effect<ItineraryDocument, BadRequest | RuleViolated> => attempt(() => documentOf(body))

export const readTitle = (text: string | null | undefined): Effect.Effect<string, BadRequest> =>
  attempt(() => cleanTitle(text)) as Effect.Effect<string, BadRequest>

function attempt<A>(run: () => A): Effect.Effect<A, BadRequest | RuleViolated> {
  return Effect.suspend(() => {
    try {
      return Effect.succeed(run())
    } catch (error) {
      if (error instanceof BadRequest || error instanceof RuleViolated) return Effect.fail(error)
      throw error
    }
  })
}
