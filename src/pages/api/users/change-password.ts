import type { APIRoute } from 'astro'
import { handleChangePassword } from '../../../modules/auth/http.ts'
import { authRequest } from '../../../modules/auth/live.ts'

export const POST: APIRoute = (context) => handleChangePassword(authRequest(context))
