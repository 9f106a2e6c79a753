import { Context, Effect } from 'effect'
import type { Db } from '../../platform/database.ts'
import type { Logger } from '../../platform/logging.ts'
import type { Mailer } from '../mail/mailer.ts'

/** What the account commands need from the outside world. Tests provide their own clock and mailer. */
export interface AuthEnvironment {
  readonly db: Db
  readonly secret: string
  readonly publicBaseUrl: string
  readonly mailer: Mailer
  readonly logger: Logger
  readonly now: () => Date
}

export class AuthEnv extends Context.Service<AuthEnv, AuthEnvironment>()('roam/AuthEnv') {}

/** Runs a database call; a database failure is a defect (answered with a bare 500 and logged). */
export const io = <A>(run: (env: AuthEnvironment) => Promise<A>): Effect.Effect<A, never, AuthEnv> =>
  AuthEnv.use((env) => Effect.promise(() => run(env)))
