import { endpoint } from '../../../app/endpoint.ts'
import { handleSaveFull } from '../../../modules/itinerary/saved/http.ts'

export const POST = endpoint(handleSaveFull)
