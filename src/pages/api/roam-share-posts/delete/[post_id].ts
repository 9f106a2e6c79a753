import { endpoint } from '../../../../app/endpoint.ts'
import { handleDeletePost } from '../../../../modules/roam-share/http.ts'

export const DELETE = endpoint(handleDeletePost)
