import type { APIRoute } from 'astro'
import { health } from '../../modules/health/http.ts'
import { appContext } from '../../platform/runtime.ts'

export const GET: APIRoute = () => health(appContext().database.db)
