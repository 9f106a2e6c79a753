import { endpoint } from '../../../app/endpoint.ts'
import { handleCreateBucketList } from '../../../modules/bucket-list/http.ts'

export const POST = endpoint(handleCreateBucketList)
