import { endpoint } from '../../../../app/endpoint.ts'
import { handleSharedCalendar } from '../../../../modules/itinerary/saved/http.ts'

export const GET = endpoint(handleSharedCalendar)
