import { endpoint } from '../../../app/endpoint.ts'
import { handleUpload } from '../../../modules/media/http.ts'

export const GET = endpoint(handleUpload)
export const HEAD = endpoint(handleUpload)
