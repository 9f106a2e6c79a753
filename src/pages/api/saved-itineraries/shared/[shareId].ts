import { endpoint } from '../../../../app/endpoint.ts'
import { handleGetShared } from '../../../../modules/itinerary/saved/http.ts'

export const GET = endpoint(handleGetShared)
