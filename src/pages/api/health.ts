import { endpoint } from '../../app/endpoint.ts'
import { health } from '../../app/health.ts'

export const GET = endpoint(health)
