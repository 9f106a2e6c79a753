import { endpoint } from '../../app/endpoint.ts'
import { handleVerifyOtp } from '../../modules/auth/http.ts'

export const POST = endpoint(handleVerifyOtp)
