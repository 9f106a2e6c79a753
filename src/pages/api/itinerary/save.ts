import { endpoint } from '../../../app/endpoint.ts'
import { handlePendingSave } from '../../../modules/itinerary/saved/http.ts'

export const POST = endpoint(handlePendingSave)
