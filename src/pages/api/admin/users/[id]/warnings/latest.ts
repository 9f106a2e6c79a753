import { endpoint } from '../../../../../../app/endpoint.ts'
import { handleLatestWarning } from '../../../../../../modules/admin/http.ts'

export const GET = endpoint(handleLatestWarning)
