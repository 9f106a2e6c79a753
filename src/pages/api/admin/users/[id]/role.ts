import { endpoint } from '../../../../../app/endpoint.ts'
import { handleRole } from '../../../../../modules/admin/http.ts'

export const POST = endpoint(handleRole)
