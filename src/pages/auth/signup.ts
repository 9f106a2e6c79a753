import type { APIRoute } from 'astro'
import { handleSignup } from '../../modules/auth/http.ts'
import { authRequest } from '../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleSignup(authRequest(context))
