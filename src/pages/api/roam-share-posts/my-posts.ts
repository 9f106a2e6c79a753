import { endpoint } from '../../../app/endpoint.ts'
import { handleMyPosts } from '../../../modules/roam-share/http.ts'

export const GET = endpoint(handleMyPosts)
