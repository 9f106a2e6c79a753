import { endpoint } from '../../../app/endpoint.ts'
import { anySuggestions } from '../../../modules/places/http.ts'

export const GET = endpoint(anySuggestions)
