import { Effect, Schema } from 'effect'
import { decodeJsonBody, json, respond } from '../../platform/http.ts'
import type { Logger } from '../../platform/logging.ts'
import { PlacesProvider, type PlacesProviderShape } from '../places/provider.ts'
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
export function handleGenerate(request: Request, places: PlacesProviderShape, logger?: Logger): Promise<Response> {
  const program = Effect.gen(function* () {
    const body = yield* decodeJsonBody(GenerateBody, request)
    const generated = yield* generateItinerary({ ...body, daysPerCity: body.daysPerCity ?? undefined })
    return json(generated)
  })
  return respond(Effect.provideService(program, PlacesProvider, places), logger)
}
