import { endpoint } from '../../../../app/endpoint.ts'
import { handleIsLiked } from '../../../../modules/roam-share/http.ts'

export const GET = endpoint(handleIsLiked)
