import { endpoint } from '../../../../app/endpoint.ts'
import { handleCharts } from '../../../../modules/admin/http.ts'

export const GET = endpoint(handleCharts)
