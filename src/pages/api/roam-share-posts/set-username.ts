import { endpoint } from '../../../app/endpoint.ts'
import { handleSetUsername } from '../../../modules/roam-share/http.ts'

export const POST = endpoint(handleSetUsername)
