import { endpoint } from '../../../app/endpoint.ts'
import { handleUnreadCount } from '../../../modules/notifications/http.ts'

export const GET = endpoint(handleUnreadCount)
