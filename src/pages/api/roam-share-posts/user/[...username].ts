import { endpoint } from '../../../../app/endpoint.ts'
import { handleUserProfile } from '../../../../modules/roam-share/http.ts'

export const GET = endpoint(handleUserProfile)
