import { sql } from 'kysely'
import { withinTransaction, type Db } from '../../../platform/database.ts'
import { cityIndex } from '../cities/cities.ts'
import { groupCityRows, type SightFields, type SightRow } from './sight-groups.ts'
import '../tables.ts'

/**
 * The version of the grouping rules (same-sight.ts, shown-name.ts, sight-groups.ts, not-a-sight.ts). Rows grouped under an
 * older version are grouped again when the app starts; raise it whenever a rule changes.
 */
export const SIGHT_RULES_VERSION = '8'
const RULES_KEY = 'sight_rules'
const WRITE_BATCH = 2000

export interface MergeSummary {
  readonly cities: number
  /** Places (shown rows) in those cities. */
  readonly places: number
  /** Rows that are the same sight as a place's row and are shown through it. */
  readonly merged: number
  /** Rows whose grouping changed. */
  readonly changed: number
  readonly ms: number
}

type StoredRow = SightRow & Pick<SightFields, 'merged_into' | 'shown_name' | 'rank' | 'search_text' | 'left_out'> & { readonly aliases: string[] }

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i])

function changedFields(stored: StoredRow, fields: SightFields): boolean {
  return (
    stored.merged_into !== fields.merged_into ||
    stored.shown_name !== fields.shown_name ||
    !sameList(stored.aliases, fields.aliases) ||
    stored.search_text !== fields.search_text ||
    stored.left_out !== fields.left_out ||
    (stored.rank === null) !== (fields.rank === null) ||
    Math.abs((stored.rank ?? 0) - (fields.rank ?? 0)) > 1e-6
  )
}

/** Both spellings of a city's name, so words that only name the city are ignored ("Kölner", "Koln"). */
function cityNameOf(cityId: string): string {
  const city = cityIndex().byId(cityId)
  return city ? `${city.name} ${city.asciiName}` : ''
}

/**
 * Groups the rows of the given cities (all cities when none are given) into places and stores the result:
 * one transaction, only rows whose grouping changed are written, so running it twice changes nothing.
 */
export async function mergeSights(db: Db, cityIds?: readonly string[]): Promise<MergeSummary> {
  const started = performance.now()
  if (cityIds && cityIds.length === 0) return { cities: 0, places: 0, merged: 0, changed: 0, ms: 0 }
  const rows = (await db
    .selectFrom('attractions')
    .select([
      'id',
      'name',
      'names',
      'name_latin',
      'city_id',
      'country',
      'kind',
      'latitude',
      'longitude',
      'popularity',
      'unesco',
      'source',
      'editions',
      'same_as',
    ])
    .select(['merged_into', 'shown_name', 'aliases', 'rank', 'search_text', 'left_out'])
    .$if(cityIds !== undefined, (qb) => qb.where('city_id', '=', sql<string>`ANY(${[...cityIds!]}::text[])`))
    .execute()) as StoredRow[]
  const byCity = new Map<string, StoredRow[]>()
  for (const row of rows) {
    const list = byCity.get(row.city_id)
    if (list) list.push(row)
    else byCity.set(row.city_id, [row])
  }
  const stored = new Map(rows.map((row) => [row.id, row]))
  const changes: SightFields[] = []
  let places = 0
  for (const [cityId, cityRows] of byCity) {
    for (const fields of groupCityRows(cityRows, cityNameOf(cityId))) {
      if (fields.merged_into === null) places++
      if (changedFields(stored.get(fields.id)!, fields)) changes.push(fields)
    }
  }
  if (changes.length > 0) {
    await withinTransaction(db, async (trx) => {
      for (let i = 0; i < changes.length; i += WRITE_BATCH) {
        await sql`
          UPDATE attractions AS a
          SET merged_into = x.merged_into, shown_name = x.shown_name, aliases = x.aliases, rank = x.rank, search_text = x.search_text,
            left_out = x.left_out
          FROM jsonb_to_recordset(${JSON.stringify(changes.slice(i, i + WRITE_BATCH))}::jsonb)
            AS x(id text, merged_into text, shown_name text, aliases text[], rank real, search_text text, left_out text)
          WHERE a.id = x.id`.execute(trx)
      }
    })
  }
  return { cities: byCity.size, places, merged: rows.length - places, changed: changes.length, ms: Math.round(performance.now() - started) }
}

/** Notes that every row is grouped under the current rules (after grouping all of them). */
export async function recordSightRules(db: Db): Promise<void> {
  await db
    .insertInto('places_state')
    .values({ key: RULES_KEY, value: SIGHT_RULES_VERSION })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: SIGHT_RULES_VERSION, updated_at: sql`now()` }))
    .execute()
}

/** Groups every city again when the rows were grouped under older rules (or never); tells whether it did. */
export async function mergeSightsIfRulesChanged(db: Db): Promise<MergeSummary | undefined> {
  const state = await db.selectFrom('places_state').select('value').where('key', '=', RULES_KEY).executeTakeFirst()
  if (state?.value === SIGHT_RULES_VERSION) return undefined
  const summary = await mergeSights(db)
  await recordSightRules(db)
  return summary
}
