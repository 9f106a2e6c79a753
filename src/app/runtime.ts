import { ManagedRuntime } from 'effect'
import { loadConfig, type RunningConfig } from '../platform/config.ts'
import { connect } from '../platform/database.ts'
import { JobQueue } from '../platform/jobs.ts'
import { createLogger, type Logger } from '../platform/logging.ts'
import { jobDefinitions } from './jobs.ts'
import { appLayer, type AppResources, type AppServices } from './layer.ts'

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>

export interface RunningApp {
  readonly runtime: AppRuntime
  readonly logger: Logger
  readonly config: RunningConfig
}

let running: RunningApp | undefined

export function makeApp(resources: AppResources, overrides?: Parameters<typeof appLayer>[1]): RunningApp {
  return { runtime: ManagedRuntime.make(appLayer(resources, overrides)), logger: resources.logger, config: resources.config }
}

export function setRunningApp(app: RunningApp | undefined): void {
  running = app
}

/** The running app (made by `npm start`; under `astro dev`, made from the environment on first use). */
export function runningApp(): RunningApp {
  return (running ??= fromEnvironment())
}

function fromEnvironment(): RunningApp {
  const config = loadConfig()
  if (!config.databaseUrl || !config.authSecret) throw new Error('DATABASE_URL and AUTH_SECRET must be set; start the app with `npm start`')
  const logger = createLogger(config.logLevel)
  const jobs = new JobQueue(config.databaseUrl, jobDefinitions, logger)
  return makeApp({ config: { ...config, databaseUrl: config.databaseUrl, authSecret: config.authSecret }, db: connect(config.databaseUrl).db, logger, jobs })
}
