import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { appFile } from '../../../platform/app-files.ts'
import type { WorldCityRow } from './city-index.ts'

/** Where the offline data lies (the importers read the same files). */
export const WORLD_CATALOG_FILE = appFile('data', 'places', 'world-catalog.ndjson.gz')
export const FAMOUS_SIGHTS_DIR = appFile('data', 'places', 'famous-sights')

/** A UNESCO listing says more about a destination than a catalog record's popularity does. */
const UNESCO_WORTH = 2

/** How much there is to visit in a city: its catalog and reviewed sights' worth, and its World Heritage listings. */
export interface ToVisit {
  readonly worth: number
  readonly worldHeritage: number
}

/**
 * How much there is to visit in each city, by id, from the offline data: its catalog records' popularity
 * summed, UNESCO listings counted twice more, and one for each reviewed famous sight; and how many UNESCO
 * listings it holds. What ranks cities of one name before their population does ("Toledo": Spain's, not
 * Ohio's). The catalog is read with a pattern, not parsed: its 33k lines take about a tenth of a second.
 */
export function thingsToVisit(rows: readonly WorldCityRow[]): Map<string, ToVisit> {
  const worth = new Map<string, ToVisit>()
  const add = (id: string, amount: number, listed = false) => {
    const entry = worth.get(id) ?? { worth: 0, worldHeritage: 0 }
    worth.set(id, { worth: entry.worth + amount, worldHeritage: entry.worldHeritage + (listed ? 1 : 0) })
  }
  if (fs.existsSync(WORLD_CATALOG_FILE)) {
    const catalog = zlib.gunzipSync(fs.readFileSync(WORLD_CATALOG_FILE)).toString('utf8')
    for (const match of catalog.matchAll(/"city_id":"([^"]+)".*?"popularity":([\d.]+),"unesco":(true|false)/g))
      add(match[1]!, Number(match[2]) + (match[3] === 'true' ? UNESCO_WORTH : 0), match[3] === 'true')
  }
  const byName = new Map<string, WorldCityRow>()
  for (const row of rows)
    // A sight's city may carry its region where the name repeats in the country ("Suzhou, Jiangsu").
    for (const name of [row.city, row.city_ascii, `${row.city}, ${row.admin_name}`]) {
      const key = `${name}|${row.iso2}`
      const known = byName.get(key)
      if (!known || Number(known.population) < Number(row.population)) byName.set(key, row)
    }
  if (fs.existsSync(FAMOUS_SIGHTS_DIR))
    for (const file of fs.readdirSync(FAMOUS_SIGHTS_DIR).filter((name) => name.endsWith('.ndjson')))
      for (const line of fs.readFileSync(path.join(FAMOUS_SIGHTS_DIR, file), 'utf8').split('\n')) {
        const sight = line.trim() ? (JSON.parse(line) as { city?: string; country?: string }) : undefined
        const row = sight && byName.get(`${sight.city}|${sight.country}`)
        if (row) add(row.id, 1)
      }
  return worth
}
