import { endpoint } from '../../../../app/endpoint.ts'
import { handleFollowers } from '../../../../modules/roam-share/http.ts'

export const GET = endpoint(handleFollowers)
