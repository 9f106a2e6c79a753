import type { APIContext } from 'astro'
import { appContext } from '../../platform/runtime.ts'
import { appMailer } from '../mail/live.ts'
import type { AuthEnvironment } from './env.ts'
import type { AuthRequest } from './http.ts'

/** The account module's environment in the running app. */
export function authEnvironment(): AuthEnvironment {
  const { config, database, logger } = appContext()
  return { db: database.db, secret: config.authSecret, publicBaseUrl: config.publicBaseUrl, mailer: appMailer(), logger, now: () => new Date() }
}

export function authRequest(context: APIContext): AuthRequest {
  return {
    request: context.request,
    clientAddress: context.clientAddress,
    requestId: context.locals.requestId,
    logger: context.locals.logger,
    env: authEnvironment(),
  }
}
