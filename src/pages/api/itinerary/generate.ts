import { endpoint } from '../../../app/endpoint.ts'
import { handleGenerate } from '../../../modules/itinerary/http.ts'

export const POST = endpoint(handleGenerate)
