import fs from 'node:fs'
import {
  countPlacesImportedBefore,
  databaseNow,
  deletePlacesImportedBefore,
  importCatalogFile,
  type ImportProgress,
} from '../../modules/places/import/importer.ts'
import { retireDemoCatalog } from '../../modules/places/import/first-start.ts'
import { positional } from '../args.ts'
import type { Command } from '../context.ts'

const MAX_BAD_LINES_SHOWN = 50
const PROGRESS_EVERY_MS = 1000

const percent = (progress: ImportProgress) => (progress.totalBytes ? ` (${Math.floor(((progress.bytesRead ?? 0) / progress.totalBytes) * 100)}%)` : '')

export const placesImport: Command = {
  name: 'places:import',
  usage:
    'places:import <file.ndjson[.gz]> [--replace]   import attractions (upsert by id, records of one sight merged); --replace drops places not in the file',
  run: async ({ database, args, out }) => {
    const [file] = positional(args)
    if (!file) {
      out('Usage: npm run cli -- places:import <file.ndjson[.gz]> [--replace]')
      return 1
    }
    if (!fs.existsSync(file)) {
      out(`File not found: ${file}`)
      return 1
    }
    const replace = args.includes('--replace')
    const started = await databaseNow(database.db)
    let badShown = 0
    let lastReport = 0
    out(`Importing ${file} ...`)
    const summary = await importCatalogFile(database.db, file, {
      onBadLine: ({ line, reason }) => {
        if (badShown++ < MAX_BAD_LINES_SHOWN) out(`  line ${line}: ${reason} (skipped)`)
      },
      onProgress: (progress) => {
        if (Date.now() - lastReport < PROGRESS_EVERY_MS) return
        lastReport = Date.now()
        out(`  ${progress.lines} lines read${percent(progress)}, ${progress.written} places written, ${progress.skipped} skipped`)
      },
      onMerging: () => out('  merging records that are the same sight ...'),
    })
    if (badShown > MAX_BAD_LINES_SHOWN) out(`  ... and ${badShown - MAX_BAD_LINES_SHOWN} more bad lines`)
    out(
      `Imported ${summary.written} places (${summary.inserted} new, ${summary.updated} updated) from ${summary.lines} lines ` +
        `in ${(summary.ms / 1000).toFixed(1)} s; ${summary.skipped} lines skipped.`,
    )
    out(`Merged ${summary.merged} records into the place they are the same sight as: ${summary.places} places in the cities of this file.`)
    const retired = await retireDemoCatalog(database.db)
    if (retired > 0) out(`Removed ${retired} demo catalog records: the world catalog replaces them.`)
    if (replace) {
      const deleted = await deletePlacesImportedBefore(database.db, started)
      out(`Removed ${deleted} places that are not in ${file}.`)
    } else {
      const others = await countPlacesImportedBefore(database.db, started)
      if (others > 0 && summary.written > 0) out(`${others} places from earlier imports remain; run with --replace to keep only this file's places.`)
    }
    return summary.skipped > 0 && summary.written === 0 ? 1 : 0
  },
}
