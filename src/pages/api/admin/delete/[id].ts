import { endpoint } from '../../../../app/endpoint.ts'
import { handleDeleteUser } from '../../../../modules/admin/http.ts'

export const POST = endpoint(handleDeleteUser)
