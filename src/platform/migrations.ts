import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from './database.ts'
import { appFile } from './app-files.ts'

export const MIGRATIONS_DIR = appFile('migrations')

/** Plain `.sql` files, applied in file-name order, each in its own transaction. */
class SqlFileProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.dir)).filter((file) => file.endsWith('.sql')).sort()
    const migrations: Record<string, Migration> = {}
    for (const file of files) {
      const text = await fs.readFile(path.join(this.dir, file), 'utf8')
      migrations[file.replace(/\.sql$/, '')] = { up: async (db) => void (await sql.raw(text).execute(db)) }
    }
    return migrations
  }
}

export async function migrateToLatest(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileProvider(dir) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName
    throw new Error(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
