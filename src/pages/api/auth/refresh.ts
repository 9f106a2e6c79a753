import { endpoint } from '../../../app/endpoint.ts'
import { handleRefresh } from '../../../modules/auth/http.ts'

export const POST = endpoint(handleRefresh)
