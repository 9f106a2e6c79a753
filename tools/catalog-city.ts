/**
 * `npx tsx tools/catalog-city.ts "Lucerne, Switzerland" [--km 15] [--limit 80]`: what the world catalog holds
 * in and around a city, for writing and checking its reviewed sights (data/places/famous-sights/): the city
 * as the city list knows it (id, description, centre), then every catalog record within `--km` of its
 * centre, most popular first: id, its names in every language, kind, coordinates, distance, the city it is
 * filed under, popularity and UNESCO mark. Reviewed sights already written for the city come last.
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { distanceKm } from '../src/modules/places/domain.ts'
import { FAMOUS_SIGHTS_DIR } from '../src/modules/places/import/famous-sights-import.ts'
import { worldCatalogRecords } from './world-catalog.ts'

const { values, positionals } = parseArgs({ options: { km: { type: 'string' }, limit: { type: 'string' } }, allowPositionals: true })
const query = positionals.join(' ')
const city = cityIndex().resolve(query) ?? cityIndex().search(query, 1)[0]
if (!city) {
  console.error(`no city of the list matches "${query}"`)
  process.exit(1)
}
const km = Number(values.km ?? 15)
const limit = Number(values.limit ?? 80)
console.log(`${cityIndex().describe(city)}  id ${city.id}  centre ${city.latitude},${city.longitude}  population ${city.population}`)

interface Row {
  id: string
  name: string
  names: Record<string, string>
  city: string
  city_id: string
  lat: number
  lon: number
  kind: string
  popularity: number
  unesco: boolean
}
const rows = worldCatalogRecords<Row>()
  .map((row) => ({ row, km: distanceKm(city, { latitude: row.lat, longitude: row.lon }) }))
  .filter(({ row, km: distance }) => row.city_id === city.id || distance <= km)
  .sort((a, b) => b.row.popularity - a.row.popularity)
console.log(`\n${rows.length} catalog records within ${km} km or filed under the city (most popular ${Math.min(limit, rows.length)}):`)
for (const { row, km: distance } of rows.slice(0, limit)) {
  const others = [...new Set(Object.values(row.names))].filter((name) => name !== row.name)
  const filed = row.city_id === city.id ? '' : `  [filed under ${row.city}]`
  console.log(
    `${row.id}  ${row.name}${others.length ? `  (${others.join(' | ')})` : ''}  ${row.kind}  ${row.lat},${row.lon}  ${distance.toFixed(1)} km  pop ${row.popularity}${row.unesco ? '  UNESCO' : ''}${filed}`,
  )
}

const reviewed = fs
  .readdirSync(FAMOUS_SIGHTS_DIR)
  .filter((file) => file.endsWith('.ndjson'))
  .flatMap((file) => fs.readFileSync(`${FAMOUS_SIGHTS_DIR}/${file}`, 'utf8').split('\n').filter(Boolean))
  .map((line) => JSON.parse(line) as { city: string; country: string; fame: number; name: string })
  .filter((sight) => sight.city === city.name && sight.country === city.countryCode)
if (reviewed.length > 0) {
  console.log(`\n${reviewed.length} reviewed sights already written:`)
  for (const sight of reviewed.sort((a, b) => a.fame - b.fame)) console.log(`${sight.fame}. ${sight.name}`)
}
