import { endpoint } from '../../app/endpoint.ts'
import { handleDelete } from '../../modules/itinerary/saved/http.ts'

export const DELETE = endpoint(handleDelete)
