import { randomUUID } from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureProjections } from '../events/rebuild.ts'
import { startProjectorRunner } from '../events/runner.ts'
import { shownSharedVersion } from '../modules/itinerary/saved/itinerary-queries.ts'
import { serveSharedCalendarFromMemory } from '../modules/itinerary/saved/shared-calendar-memory.ts'
import { serveSharedPageFromMemory } from '../modules/itinerary/saved/shared-page-cache.ts'
import { preparePlaces } from '../modules/places/import/first-start.ts'
import { ensureBuilt } from '../platform/build.ts'
import { ConfigError, loadConfig } from '../platform/config.ts'
import { resolveDatabase } from '../platform/connect-database.ts'
import { connect } from '../platform/database.ts'
import { lockDataDir } from '../platform/lock.ts'
import { createLogger } from '../platform/logging.ts'
import { migrateToLatest } from '../platform/migrations.ts'
import { fileSecret } from '../platform/secrets.ts'
import { compressResponses } from './compress-responses.ts'
import { serveApi } from './serve-api.ts'
import { serveStaticFiles } from './static-files.ts'
import { lingerAfterEarlyAnswer } from './lingering-close.ts'
import { applySecurityHeaders } from '../platform/security-headers.ts'
import { JobQueue } from '../platform/jobs.ts'
import { jobDefinitions } from './jobs.ts'
import { startHousekeeping } from './housekeeping.ts'
import { registry } from './registry.ts'
import { makeApp, setRunningApp } from './runtime.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SHUTDOWN_GRACE_MS = 10_000

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** `npm start`: build when needed, start or attach to PostgreSQL, migrate, serve, and shut down cleanly. */
async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.logLevel)
  const log = (msg: string) => logger.info(msg)
  const cleanups: Array<() => Promise<void> | void> = []
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step()
  }
  try {
    ensureBuilt(ROOT, log)
    if (!config.databaseUrl) cleanups.push(lockDataDir(config.dataDir))
    const authSecret = config.authSecret ?? fileSecret(config.dataDir, 'auth-secret')
    const server = await resolveDatabase(config)
    cleanups.push(server.stop)
    const database = connect(server.url, { max: 20 })
    cleanups.push(database.close)
    await migrateToLatest(database.db)
    await preparePlaces(database.db, log, config.placesCatalog)
    for (const rebuilt of await ensureProjections(database.db, registry)) log(`created read model ${rebuilt.projection} from ${rebuilt.events} events`)
    const jobs = new JobQueue(server.url, jobDefinitions, logger)
    await jobs.start()
    const app = makeApp({ config: { ...config, databaseUrl: server.url, authSecret }, db: database.db, logger, jobs })
    setRunningApp(app)
    cleanups.push(() => app.runtime.dispose())
    await jobs.work((effect) => app.runtime.runPromise(effect))
    cleanups.push(() => jobs.stop())
    const runner = startProjectorRunner(database.db, { databaseUrl: server.url, projections: registry.async, logger })
    cleanups.push(runner.stop)
    cleanups.push(startHousekeeping(app.runtime, logger).stop)

    process.env.ASTRO_NODE_AUTOSTART = 'disabled'
    const entry = pathToFileURL(path.join(ROOT, 'dist/server/entry.mjs')).href
    const { handler } = (await import(entry)) as { handler: Handler }
    const sharedPages = { requestId: randomUUID, currentVersion: (shareId: string) => app.runtime.runPromise(shownSharedVersion(shareId)) }
    const https = config.publicBaseUrl.startsWith('https:')
    const staticFiles = serveStaticFiles(path.join(ROOT, 'dist/client'))
    const running = () => app
    const httpServer = http.createServer((req, res) => {
      applySecurityHeaders(res, { https })
      lingerAfterEarlyAnswer(req, res)
      // Shared pages and calendars from memory and build files come compressed already; the rest is compressed as it is sent.
      if (serveSharedPageFromMemory(req, res, sharedPages) || serveSharedCalendarFromMemory(req, res, sharedPages)) return
      staticFiles(req, res, () =>
        compressResponses(req, res, () => {
          if (!serveApi(req, res, running)) handler(req, res)
        }),
      )
    })
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject)
      httpServer.listen(config.port, config.host, resolve)
    })
    log(`Roam is listening on http://${config.host}:${config.port}`)

    let stopping = false
    const shutdown = async (signal: string) => {
      if (stopping) return
      stopping = true
      // Keeps the process alive until cleanup has finished, whatever handles the steps leave open.
      const keepAlive = setInterval(() => {}, 1000)
      log(`${signal} received: finishing in-flight requests`)
      const forced = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS)
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve())
        httpServer.closeIdleConnections()
      })
      clearTimeout(forced)
      await cleanup()
      log('stopped')
      clearInterval(keepAlive)
      process.exit(0)
    }
    process.on('SIGINT', () => void shutdown('SIGINT'))
    process.on('SIGTERM', () => void shutdown('SIGTERM'))
  } catch (error) {
    logger.error((error as Error).message)
    await cleanup().catch(() => {})
    process.exit(1)
  }
}

await main()
