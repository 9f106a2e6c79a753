import { endpoint } from '../../../app/endpoint.ts'
import { handleNotificationsSeen } from '../../../modules/notifications/http.ts'

export const POST = endpoint(handleNotificationsSeen)
