import { endpoint } from '../../../app/endpoint.ts'
import { handleUnfollow } from '../../../modules/roam-share/http.ts'

export const POST = endpoint(handleUnfollow)
