import { endpoint } from '../../../app/endpoint.ts'
import { handleChangePassword } from '../../../modules/auth/http.ts'

export const POST = endpoint(handleChangePassword)
