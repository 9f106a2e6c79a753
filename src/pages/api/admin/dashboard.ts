import { endpoint } from '../../../app/endpoint.ts'
import { handleDashboard } from '../../../modules/admin/http.ts'

export const GET = endpoint(handleDashboard)
