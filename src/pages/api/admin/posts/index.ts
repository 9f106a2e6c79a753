import { endpoint } from '../../../../app/endpoint.ts'
import { handlePosts } from '../../../../modules/admin/http.ts'

export const GET = endpoint(handlePosts)
