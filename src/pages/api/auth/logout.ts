import { endpoint } from '../../../app/endpoint.ts'
import { handleLogout } from '../../../modules/auth/http.ts'

export const POST = endpoint(handleLogout)
