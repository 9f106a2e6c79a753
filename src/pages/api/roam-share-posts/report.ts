import { endpoint } from '../../../app/endpoint.ts'
import { handleReport } from '../../../modules/roam-share/http.ts'

export const POST = endpoint(handleReport)
