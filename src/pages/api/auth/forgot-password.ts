import type { APIRoute } from 'astro'
import { handleForgotPassword } from '../../../modules/auth/http.ts'
import { authRequest } from '../../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleForgotPassword(authRequest(context))
