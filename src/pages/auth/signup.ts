import { endpoint } from '../../app/endpoint.ts'
import { handleSignup } from '../../modules/auth/http.ts'

export const POST = endpoint(handleSignup)
