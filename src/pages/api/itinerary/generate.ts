import { endpoint } from '../../../app/endpoint.ts'
import { handleGenerate } from '../../../modules/itinerary/planner/http.ts'

export const POST = endpoint(handleGenerate)
