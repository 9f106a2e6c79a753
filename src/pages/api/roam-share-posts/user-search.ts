import { endpoint } from '../../../app/endpoint.ts'
import { handleUserSearch } from '../../../modules/roam-share/http.ts'

export const GET = endpoint(handleUserSearch)
