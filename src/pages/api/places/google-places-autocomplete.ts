import { endpoint } from '../../../app/endpoint.ts'
import { citySuggestions } from '../../../modules/places/http.ts'

export const GET = endpoint(citySuggestions)
