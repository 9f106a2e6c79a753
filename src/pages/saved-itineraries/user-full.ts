import { endpoint } from '../../app/endpoint.ts'
import { handleListOwned } from '../../modules/itinerary/saved/http.ts'

export const GET = endpoint(handleListOwned)
