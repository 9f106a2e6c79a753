import { endpoint } from '../../../../app/endpoint.ts'
import { handleUnblock } from '../../../../modules/admin/http.ts'

export const POST = endpoint(handleUnblock)
