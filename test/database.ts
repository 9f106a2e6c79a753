import { randomBytes } from 'node:crypto'
import { afterAll, inject } from 'vitest'
import { connect, databaseUrl, type Connection } from '../src/platform/database.ts'

/** A fresh, migrated database for the calling test file, dropped when the file is done. */
export async function freshDatabase(): Promise<Connection & { url: string }> {
  const serverUrl = inject('databaseServerUrl')
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = connect(databaseUrl(serverUrl, 'postgres'), { max: 1 })
  await admin.pool.query(`CREATE DATABASE ${name} TEMPLATE roam_template`)
  const url = databaseUrl(serverUrl, name)
  const database = connect(url, { max: 20 })
  afterAll(async () => {
    await database.close()
    await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.close()
  })
  return { ...database, url }
}
