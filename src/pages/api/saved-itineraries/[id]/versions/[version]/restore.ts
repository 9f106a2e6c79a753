import { endpoint } from '../../../../../../app/endpoint.ts'
import { handleRestoreVersion } from '../../../../../../modules/itinerary/saved/http.ts'

export const POST = endpoint(handleRestoreVersion)
