import type { APIRoute } from 'astro'
import { handleMe } from '../../../modules/auth/http.ts'
import { authRequest } from '../../../modules/auth/live.ts'

export const GET: APIRoute = (context) => handleMe(authRequest(context))
