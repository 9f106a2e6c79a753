import { endpoint } from '../../../../app/endpoint.ts'
import { handleFollowStatus } from '../../../../modules/roam-share/http.ts'

export const GET = endpoint(handleFollowStatus)
