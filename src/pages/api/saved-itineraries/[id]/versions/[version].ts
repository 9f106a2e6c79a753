import { endpoint } from '../../../../../app/endpoint.ts'
import { handleGetVersion } from '../../../../../modules/itinerary/saved/http.ts'

export const GET = endpoint(handleGetVersion)
