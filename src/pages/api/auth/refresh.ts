import type { APIRoute } from 'astro'
import { handleRefresh } from '../../../modules/auth/http.ts'
import { authRequest } from '../../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleRefresh(authRequest(context))
