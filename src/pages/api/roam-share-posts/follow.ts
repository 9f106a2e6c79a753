import { endpoint } from '../../../app/endpoint.ts'
import { handleFollow } from '../../../modules/roam-share/http.ts'

export const POST = endpoint(handleFollow)
