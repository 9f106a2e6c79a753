import { endpoint } from '../../../app/endpoint.ts'
import { explore } from '../../../modules/places/http.ts'

export const GET = endpoint(explore)
