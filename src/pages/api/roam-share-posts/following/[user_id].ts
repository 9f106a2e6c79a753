import { endpoint } from '../../../../app/endpoint.ts'
import { handleFollowing } from '../../../../modules/roam-share/http.ts'

export const GET = endpoint(handleFollowing)
