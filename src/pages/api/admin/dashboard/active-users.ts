import { endpoint } from '../../../../app/endpoint.ts'
import { handleActiveUsers } from '../../../../modules/admin/http.ts'

export const GET = endpoint(handleActiveUsers)
