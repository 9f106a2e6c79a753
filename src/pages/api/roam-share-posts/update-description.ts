import { endpoint } from '../../../app/endpoint.ts'
import { handleUpdateDescription } from '../../../modules/roam-share/http.ts'

export const POST = endpoint(handleUpdateDescription)
