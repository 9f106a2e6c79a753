import { endpoint } from '../../../app/endpoint.ts'
import { handleGetOwned } from '../../../modules/itinerary/saved/http.ts'

export const GET = endpoint(handleGetOwned)
