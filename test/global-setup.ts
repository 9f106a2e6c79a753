import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { connect, databaseUrl } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'

export const TEMPLATE_DATABASE = 'roam_template'

/** One real PostgreSQL cluster per test run; each test file clones a migrated template database. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-test-'))
  fs.chmodSync(dataDir, 0o755)
  const server = await startEmbeddedPostgres(dataDir, {
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  })
  const admin = connect(databaseUrl(server.url, 'postgres'), { max: 1 })
  await admin.pool.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
  await admin.close()
  const template = connect(databaseUrl(server.url, TEMPLATE_DATABASE), { max: 1 })
  await migrateToLatest(template.db)
  await template.close()
  project.provide('databaseServerUrl', server.url)
  return async () => {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string
  }
}
