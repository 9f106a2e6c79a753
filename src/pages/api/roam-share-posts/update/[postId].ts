import { endpoint } from '../../../../app/endpoint.ts'
import { handleUpdatePost } from '../../../../modules/roam-share/http.ts'

export const PUT = endpoint(handleUpdatePost)
