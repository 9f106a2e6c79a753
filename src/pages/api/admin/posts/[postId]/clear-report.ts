import { endpoint } from '../../../../../app/endpoint.ts'
import { handleClearReport } from '../../../../../modules/admin/http.ts'

export const DELETE = endpoint(handleClearReport)
