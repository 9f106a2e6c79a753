import { Effect, Schema } from 'effect'
import { decodeJsonBody, json, type ApiRequest } from '../../../platform/http.ts'
import { RateLimits, type Limit } from '../../../platform/rate-limits.ts'
import { InputDays, MAX_REMOVED_PLACES, readDocument } from './document.ts'
import { generateItinerary } from './generate.ts'
import { replanItinerary } from './replan.ts'
import type { ApiRoutes } from '../../../platform/api-route.ts'

/** Generations per client address: generous enough for an office behind one address. */
export const GENERATIONS_PER_ADDRESS: Limit = {
  name: 'generate-address',
  points: 30,
  seconds: 60,
  tooMany: (wait) => `Too many itineraries requested. Please try again in ${wait} seconds.`,
}

const Text = Schema.optional(Schema.String)

const GenerateBody = Schema.Struct({
  origin_city: Text,
  destinations: Schema.optional(Schema.Array(Schema.String)),
  trip_types: Schema.optional(Schema.Array(Schema.String)),
  pace: Text,
  start_date: Text,
  end_date: Text,
  daysPerCity: Schema.optional(Schema.NullOr(Schema.Record(Schema.String, Schema.Number))),
})

/** A re-plan: the trip as for a generation, the current days (with their locks) and the places deleted from the trip. */
const ReplanBody = Schema.Struct({
  ...GenerateBody.fields,
  editableItinerary: InputDays,
  removedPlaces: Schema.optional(
    Schema.Array(Schema.String.pipe(Schema.check(Schema.isMaxLength(200)))).pipe(Schema.check(Schema.isMaxLength(MAX_REMOVED_PLACES))),
  ),
})

/** A re-plan costs a generation, and counts against the same limit. */
const takeGeneration = (clientAddress: string) => RateLimits.use((limits) => limits.consume(GENERATIONS_PER_ADDRESS, clientAddress))

/** No account needed. */
export const handleGenerate = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  const body = yield* decodeJsonBody(GenerateBody, request)
  yield* takeGeneration(clientAddress)
  return json(yield* generateItinerary({ ...body, daysPerCity: body.daysPerCity ?? undefined }))
})

/**
 * No account needed (a visitor edits too) → `{ itinerary, daysPerCity, notices }`,
 * the trip planned again around its locked places. Nothing is stored: the page shows what would change and
 * the traveller accepts it or not.
 */
export const handleReplan = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  const body = yield* decodeJsonBody(ReplanBody, request)
  const { days } = yield* readDocument({ editableItinerary: body.editableItinerary, tripData: { start_date: body.start_date ?? null } })
  yield* takeGeneration(clientAddress)
  return json(yield* replanItinerary({ ...body, daysPerCity: body.daysPerCity ?? undefined, current: days, removedPlaces: body.removedPlaces ?? [] }))
})

export const itineraryRoutes = [
  { method: 'POST', path: '/api/itinerary/generate', handler: handleGenerate, body: 'json', auth: 'public' },
  { method: 'POST', path: '/api/itinerary/replan', handler: handleReplan, body: 'json', auth: 'public' },
] satisfies ApiRoutes
