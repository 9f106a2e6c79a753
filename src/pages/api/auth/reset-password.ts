import { endpoint } from '../../../app/endpoint.ts'
import { handleResetPassword } from '../../../modules/auth/http.ts'

export const POST = endpoint(handleResetPassword)
