import { endpoint } from '../../../../app/endpoint.ts'
import { handleShare } from '../../../../modules/itinerary/saved/http.ts'

export const POST = endpoint(handleShare)
