import type { APIRoute } from 'astro'
import { handleVerifyOtp } from '../../modules/auth/http.ts'
import { authRequest } from '../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleVerifyOtp(authRequest(context))
