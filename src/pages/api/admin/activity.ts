import { endpoint } from '../../../app/endpoint.ts'
import { handleActivity } from '../../../modules/admin/http.ts'

export const GET = endpoint(handleActivity)
