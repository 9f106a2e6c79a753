import type { APIRoute } from 'astro'
import { handleResendOtp } from '../../modules/auth/http.ts'
import { authRequest } from '../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleResendOtp(authRequest(context))
