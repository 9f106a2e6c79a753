import { Effect, Schema } from 'effect'
import { decodeJsonBody, json, type ApiRequest } from '../../../platform/http.ts'
import { oneAtATime } from '../../../platform/one-at-a-time.ts'
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
  refuseFromMemory: true,
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
  stays: Schema.optional(
    Schema.NullOr(Schema.Record(Schema.String, Schema.Struct({ name: Schema.String, latitude: Schema.Finite, longitude: Schema.Finite }))),
  ),
})

/** A re-plan: the trip as for a generation, the current days (with their locks) and the places deleted from the trip. */
const ReplanBody = Schema.Struct({
  ...GenerateBody.fields,
  editableItinerary: InputDays,
  /** A copied trip: its places only, none added. */
  onlyCurrentPlaces: Schema.optional(Schema.Boolean),
  removedPlaces: Schema.optional(
    Schema.Array(Schema.String.pipe(Schema.check(Schema.isMaxLength(200)))).pipe(Schema.check(Schema.isMaxLength(MAX_REMOVED_PLACES))),
  ),
})

/** A re-plan's body counts a point for each of these many bytes, on top of its generation's point. */
const REPLAN_BYTES_A_POINT = 32 * 1024
/** What a re-plan without a declared length is counted as: the largest body a request may send. */
const LARGEST_REPLAN_POINTS = 1 + Math.ceil((256 * 1024) / REPLAN_BYTES_A_POINT)

/**
 * A generation counts one point; a re-plan one more for every 32 KB of the itinerary it sends (the days it
 * decodes, checks and plans around), taken from its declared length before a byte of it is read, so a refused
 * request costs nothing and heavy ones run out first.
 */
export function generationPoints(request: Request, kind: 'generate' | 'replan'): number {
  if (kind === 'generate') return 1
  const declared = Number(request.headers.get('content-length') ?? NaN)
  return Number.isFinite(declared) && declared >= 0 ? 1 + Math.ceil(declared / REPLAN_BYTES_A_POINT) : LARGEST_REPLAN_POINTS
}

/** Each address's plans are made one at a time: a flood from one address queues behind itself, not before others. */
const inTurn = oneAtATime()

const takeGeneration = (request: Request, clientAddress: string, kind: 'generate' | 'replan') =>
  RateLimits.use((limits) => limits.consume(GENERATIONS_PER_ADDRESS, clientAddress, generationPoints(request, kind)))

/** No account needed. */
export const handleGenerate = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  yield* takeGeneration(request, clientAddress, 'generate')
  const body = yield* decodeJsonBody(GenerateBody, request)
  return json(yield* inTurn(clientAddress, generateItinerary({ ...body, daysPerCity: body.daysPerCity ?? undefined, stays: body.stays ?? undefined })))
})

/**
 * No account needed (a visitor edits too) → `{ itinerary, daysPerCity, notices }`,
 * the trip planned again around its locked places. Nothing is stored: the page shows what would change and
 * the traveller accepts it or not.
 */
export const handleReplan = Effect.fn(function* ({ request, clientAddress }: ApiRequest) {
  yield* takeGeneration(request, clientAddress, 'replan')
  const body = yield* decodeJsonBody(ReplanBody, request)
  const { days } = yield* readDocument({ editableItinerary: body.editableItinerary, tripData: { start_date: body.start_date ?? null } })
  return json(
    yield* inTurn(
      clientAddress,
      replanItinerary({
        ...body,
        daysPerCity: body.daysPerCity ?? undefined,
        stays: body.stays ?? undefined,
        current: days,
        removedPlaces: body.removedPlaces ?? [],
      }),
    ),
  )
})

export const itineraryRoutes = [
  { method: 'POST', path: '/api/itinerary/generate', handler: handleGenerate, body: 'json', auth: 'public' },
  { method: 'POST', path: '/api/itinerary/replan', handler: handleReplan, body: 'json', auth: 'public' },
] satisfies ApiRoutes
