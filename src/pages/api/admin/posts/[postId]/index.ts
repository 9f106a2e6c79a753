import { endpoint } from '../../../../../app/endpoint.ts'
import { handleRemovePost } from '../../../../../modules/admin/http.ts'

export const DELETE = endpoint(handleRemovePost)
