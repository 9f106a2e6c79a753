import fs from 'node:fs'
import type { AppConfig } from './config.ts'
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.ts'

/**
 * The database the app and every CLI command use for a given environment: DATABASE_URL when set,
 * otherwise the embedded cluster under DATA_DIR (attached to when running, started when not).
 */
export async function resolveDatabase(config: AppConfig): Promise<EmbeddedServer> {
  if (config.databaseUrl) return { url: config.databaseUrl, started: false, stop: async () => {} }
  fs.mkdirSync(config.dataDir, { recursive: true })
  return startEmbeddedPostgres(config.dataDir)
}
