import { endpoint } from '../../../../../app/endpoint.ts'
import { handleWarn } from '../../../../../modules/admin/http.ts'

export const POST = endpoint(handleWarn)
