import type { APIRoute } from 'astro'
import { citySuggestions } from '../../../modules/places/http.ts'
import { appPlaces } from '../../../modules/places/runtime.ts'
import { respond } from '../../../platform/http.ts'

export const GET: APIRoute = (ctx) => respond(citySuggestions(appPlaces(), ctx.url), ctx.locals.logger)
