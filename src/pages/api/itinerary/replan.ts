import { endpoint } from '../../../app/endpoint.ts'
import { handleReplan } from '../../../modules/itinerary/planner/http.ts'

export const POST = endpoint(handleReplan)
