import type { APIRoute } from 'astro'
import { handleResetPassword } from '../../../modules/auth/http.ts'
import { authRequest } from '../../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleResetPassword(authRequest(context))
