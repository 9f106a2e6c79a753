import { endpoint } from '../../../../app/endpoint.ts'
import { handleCheckItem } from '../../../../modules/bucket-list/http.ts'

export const PUT = endpoint(handleCheckItem)
