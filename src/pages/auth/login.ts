import { endpoint } from '../../app/endpoint.ts'
import { handleLogin } from '../../modules/auth/http.ts'

export const POST = endpoint(handleLogin)
