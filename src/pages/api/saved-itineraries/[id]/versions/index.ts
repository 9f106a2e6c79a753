import { endpoint } from '../../../../../app/endpoint.ts'
import { handleListVersions } from '../../../../../modules/itinerary/saved/http.ts'

export const GET = endpoint(handleListVersions)
