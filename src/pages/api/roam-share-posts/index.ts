import { endpoint } from '../../../app/endpoint.ts'
import { handleCreatePost, handleFeed } from '../../../modules/roam-share/http.ts'

export const GET = endpoint(handleFeed)
export const POST = endpoint(handleCreatePost)
