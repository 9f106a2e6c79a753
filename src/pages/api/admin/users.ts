import { endpoint } from '../../../app/endpoint.ts'
import { handleUsers } from '../../../modules/admin/http.ts'

export const GET = endpoint(handleUsers)
