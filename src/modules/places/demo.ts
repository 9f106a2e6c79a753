import { fileURLToPath } from 'node:url'
import type { Db } from '../../platform/database.ts'
import { cityIndex } from './cities.ts'
import { importCatalogFile } from './importer.ts'

/** The repo's own small catalog (six cities and a few neighbours, written for Roam, CC0). */
export const DEMO_CATALOG_FILE = fileURLToPath(new URL('./demo-catalog.ndjson', import.meta.url))

/**
 * At start: imports the demo catalog when the attractions table is empty, so a fresh install works
 * offline, and builds the city index before the first request needs it.
 */
export async function preparePlaces(db: Db, log: (message: string) => void): Promise<void> {
  cityIndex()
  const any = await db.selectFrom('attractions').select('id').limit(1).executeTakeFirst()
  if (any) return
  const summary = await importCatalogFile(db, DEMO_CATALOG_FILE)
  log(`imported the demo places catalog: ${summary.written} places in ${summary.ms} ms (npm run cli -- places:import <file> for a larger one)`)
}
