import type { APIRoute } from 'astro'
import { handleGenerate } from '../../../modules/itinerary/http.ts'
import { appPlaces } from '../../../modules/places/runtime.ts'

export const POST: APIRoute = ({ request, locals }) => handleGenerate(request, appPlaces(), locals.logger)
