import { endpoint } from '../../../app/endpoint.ts'
import { handleAllBucketLists } from '../../../modules/bucket-list/http.ts'

export const GET = endpoint(handleAllBucketLists)
