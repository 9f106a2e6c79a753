import { loadConfig, type AppConfig } from './config.ts'
import { connect, type Database } from './database.ts'
import { createLogger, type Logger } from './logging.ts'

export interface AppContext {
  readonly config: AppConfig & { readonly databaseUrl: string; readonly authSecret: string }
  readonly database: Database
  readonly logger: Logger
}

// Kept on globalThis so the launcher and the server bundle (separate module graphs) share one pool.
const KEY = Symbol.for('roam.appContext')
type Holder = { [KEY]?: AppContext }

export function setAppContext(context: AppContext | undefined): void {
  ;(globalThis as Holder)[KEY] = context
}

/** The running app's config, database and logger; created from the environment on first use. */
export function appContext(): AppContext {
  const holder = globalThis as Holder
  return (holder[KEY] ??= fromEnvironment())
}

function fromEnvironment(): AppContext {
  const config = loadConfig()
  if (!config.databaseUrl || !config.authSecret) {
    throw new Error('DATABASE_URL and AUTH_SECRET must be set; start the app with `npm start`')
  }
  return {
    config: { ...config, databaseUrl: config.databaseUrl, authSecret: config.authSecret },
    database: connect(config.databaseUrl),
    logger: createLogger(config.logLevel),
  }
}
