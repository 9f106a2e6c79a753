import { Effect, Schema } from 'effect'
import { decodeJsonBody, json, type ApiRequest } from '../../platform/http.ts'
import { RateLimits, type Limit } from '../../platform/rate-limits.ts'
import { TooManyGenerations } from './errors.ts'
import { generateItinerary } from './generate.ts'

/** Generations per client address: generous enough for an office behind one address. */
export const GENERATIONS_PER_ADDRESS: Limit = { name: 'generate-address', points: 30, seconds: 60 }

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

/** POST /api/itinerary/generate (no account needed). */
export const handleGenerate = Effect.fn('POST /api/itinerary/generate')(function* ({ request, clientAddress }: ApiRequest) {
  const body = yield* decodeJsonBody(GenerateBody, request)
  yield* RateLimits.use((limits) => limits.consume(GENERATIONS_PER_ADDRESS, clientAddress)).pipe(
    Effect.catchTag('RateLimited', ({ retryAfterSeconds }) => Effect.fail(new TooManyGenerations({ retryAfterSeconds }))),
  )
  return json(yield* generateItinerary({ ...body, daysPerCity: body.daysPerCity ?? undefined }))
})
