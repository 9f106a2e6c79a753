import type { APIRoute } from 'astro'
import { handleLogin } from '../../modules/auth/http.ts'
import { authRequest } from '../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleLogin(authRequest(context))
