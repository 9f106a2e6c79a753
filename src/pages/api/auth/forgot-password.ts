import { endpoint } from '../../../app/endpoint.ts'
import { handleForgotPassword } from '../../../modules/auth/http.ts'

export const POST = endpoint(handleForgotPassword)
