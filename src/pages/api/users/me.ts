import { endpoint } from '../../../app/endpoint.ts'
import { handleMe } from '../../../modules/auth/http.ts'

export const GET = endpoint(handleMe)
