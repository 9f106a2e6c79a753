import { endpoint } from '../../../app/endpoint.ts'
import { handleUploadPicture } from '../../../modules/roam-share/http.ts'

export const POST = endpoint(handleUploadPicture)
