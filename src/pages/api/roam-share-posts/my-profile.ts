import { endpoint } from '../../../app/endpoint.ts'
import { handleMyProfile } from '../../../modules/roam-share/http.ts'

export const GET = endpoint(handleMyProfile)
