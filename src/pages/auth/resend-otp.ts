import { endpoint } from '../../app/endpoint.ts'
import { handleResendOtp } from '../../modules/auth/http.ts'

export const POST = endpoint(handleResendOtp)
