import { endpoint } from '../../../../app/endpoint.ts'
import { handleOwnedCalendar } from '../../../../modules/itinerary/saved/http.ts'

export const GET = endpoint(handleOwnedCalendar)
