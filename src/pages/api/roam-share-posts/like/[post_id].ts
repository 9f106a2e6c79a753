import { endpoint } from '../../../../app/endpoint.ts'
import { handleLike } from '../../../../modules/roam-share/http.ts'

export const POST = endpoint(handleLike)
