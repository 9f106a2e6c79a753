import { endpoint } from '../../../app/endpoint.ts'
import { handleNotifications } from '../../../modules/notifications/http.ts'

export const GET = endpoint(handleNotifications)
