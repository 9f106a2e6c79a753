import type { APIRoute } from 'astro'
import { handleLogout } from '../../../modules/auth/http.ts'
import { authRequest } from '../../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleLogout(authRequest(context))
