import { endpoint } from '../../../../app/endpoint.ts'
import { handleBlock } from '../../../../modules/admin/http.ts'

export const POST = endpoint(handleBlock)
