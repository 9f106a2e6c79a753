import { endpoint } from '../../../app/endpoint.ts'
import { handleDeleteBucketList } from '../../../modules/bucket-list/http.ts'

export const DELETE = endpoint(handleDeleteBucketList)
