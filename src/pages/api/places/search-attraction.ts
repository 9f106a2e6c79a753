import { endpoint } from '../../../app/endpoint.ts'
import { searchAttraction } from '../../../modules/places/http.ts'

export const GET = endpoint(searchAttraction)
