import { withinTransaction, type Db } from '../../../platform/database.ts'
import { cityIndex } from '../cities/cities.ts'
import { deletePlacesOfSource, importCatalogFile, type ImportProgress } from './importer.ts'
import { mergeSightsIfRulesChanged, recordSightRules } from '../sights/merge-sights.ts'
import { FAMOUS_SIGHTS_DIR, importFamousSights } from './famous-sights-import.ts'
import { appFile } from '../../../platform/app-files.ts'
import { WORLD_CATALOG_FILE } from '../cities/things-to-visit.ts'

/** The repo's own small catalog (six cities and a few neighbours, written for Roam, CC0): tests and demos. */
export const DEMO_CATALOG_FILE = appFile('data', 'places', 'demo-catalog.ndjson')
export const DEMO_SOURCE = 'roam-demo'

/** The large Wikivoyage-derived catalog that ships with the app (CC BY-SA 3.0: data/places/LICENSE.md). */

/** Sources of the world catalog's records. */
const WORLD_SOURCES = ['wikivoyage-2016', 'unesco-2019']

/** Which catalog a fresh install starts with (PLACES_CATALOG). */
export type StartCatalog = 'world' | 'demo' | 'none'

const PROGRESS_EVERY_MS = 2000

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The catalog files a first start reads (tests give small ones). */
export interface CatalogFiles {
  readonly world: string
  readonly demo: string
  /** The folder of the famous-sights supplement, which joins the world catalog; none when absent. */
  readonly sights?: string
}

async function importWorldCatalog(db: Db, log: (message: string) => void, file: string, signal: AbortSignal | undefined): Promise<void> {
  log('importing the world places catalog (first start, once) ...')
  let lastReport = performance.now()
  const report = (progress: ImportProgress) => {
    if (performance.now() - lastReport < PROGRESS_EVERY_MS || !progress.totalBytes) return
    lastReport = performance.now()
    log(`importing the world places catalog: ${Math.floor(((progress.bytesRead ?? 0) / progress.totalBytes) * 100)} % (${progress.written} records)`)
  }
  const summary = await importCatalogFile(db, file, {
    signal,
    onProgress: report,
    onMerging: () => log('importing the world places catalog: merging records of one sight ...'),
  })
  await recordSightRules(db)
  log(
    `imported the world places catalog: ${summary.written} records, ${summary.places} places (${summary.merged} records merged into the place ` +
      `they are the same sight as) in ${seconds(summary.ms)}`,
  )
}

/**
 * The world catalog takes over from the demo catalog: when both are imported, the demo records go, so no
 * sight comes from both. Tells how many went.
 */
export async function retireDemoCatalog(db: Db): Promise<number> {
  return (await hasWorldCatalog(db)) ? deletePlacesOfSource(db, DEMO_SOURCE) : 0
}

const hasWorldCatalog = async (db: Db) =>
  (await db.selectFrom('attractions').select('id').where('source', 'in', WORLD_SOURCES).limit(1).executeTakeFirst()) !== undefined

/**
 * At start: builds the city index before the first request needs it, and makes sure there are places to
 * plan with. A fresh install, or one that only has the demo catalog, imports the world catalog (or the
 * demo catalog when asked to); places imported otherwise stay as they are. Places grouped under older
 * same-sight rules are grouped again, and demo records go once the world catalog is there. It all happens
 * in one transaction: a start stopped mid-way (`signal`) leaves the places as they were, and the next
 * start does it again.
 */
export async function preparePlaces(
  db: Db,
  log: (message: string) => void,
  catalog: StartCatalog = 'world',
  files: CatalogFiles = { world: WORLD_CATALOG_FILE, demo: DEMO_CATALOG_FILE, sights: FAMOUS_SIGHTS_DIR },
  signal?: AbortSignal,
): Promise<void> {
  cityIndex()
  await withinTransaction(db, async (trx) => {
    const sources = (await trx.selectFrom('attractions').select('source').distinct().execute()).map((row) => row.source)
    const onlyDemo = sources.every((source) => source === DEMO_SOURCE)
    if (catalog === 'world' && onlyDemo) {
      await importWorldCatalog(trx, log, files.world, signal)
    } else if (catalog === 'demo' && sources.length === 0) {
      const summary = await importCatalogFile(trx, files.demo, { signal })
      await recordSightRules(trx)
      log(`imported the demo places catalog: ${summary.places} places in ${seconds(summary.ms)} (npm run cli -- places:import <file> for a larger one)`)
    } else {
      const regrouped = await mergeSightsIfRulesChanged(trx)
      if (regrouped && regrouped.changed > 0)
        log(`grouped the places again under new same-sight rules: ${regrouped.places} places, ${regrouped.merged} records merged, in ${seconds(regrouped.ms)}`)
    }
    signal?.throwIfAborted()
    const retired = await retireDemoCatalog(trx)
    if (retired > 0) log(`removed the ${retired} demo places records: the world catalog replaces them`)
    if (files.sights && (await hasWorldCatalog(trx))) await importFamousSights(trx, log, files.sights)
  })
}

export { WORLD_CATALOG_FILE }
