import { Effect, Schema } from 'effect'
import { decodeJsonBody, json, type ApiRequest } from '../../platform/http.ts'
import { generateItinerary } from './generate.ts'

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
export const handleGenerate = Effect.fn('POST /api/itinerary/generate')(function* ({ request }: ApiRequest) {
  const body = yield* decodeJsonBody(GenerateBody, request)
  return json(yield* generateItinerary({ ...body, daysPerCity: body.daysPerCity ?? undefined }))
})
