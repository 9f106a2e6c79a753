/**
 * `npx tsx tools/review-sights.ts [--file <file.ndjson>] [--city <name>] [--summary]`: reviews the famous-sights
 * supplement (data/places/famous-sights/) city by city, as a reviewer would, beside the world catalog:
 * - each sight's coordinates: matched to a catalog record within 1 km (which one), or stated as taken from
 *   another source (`where`), else flagged; a point in the sea (at the 1:10m coastline) is flagged too;
 * - names that are not English: German or French generic words outside those languages' areas, or Russian
 *   spelled out in Latin letters outside Russian-speaking countries (bench/plan-quality.ts's reading);
 * - famous catalog places left out: a city's five most popular catalog records, and its UNESCO records,
 *   that no sight links (`same`) or lies within 300 m of;
 * - one sight twice under two names, and lines the importer refuses.
 * Prints what it found per city (problems only with `--summary`), and a summary of the counts last.
 */
import { geoBounds, geoContains } from 'd3-geo'
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { foreignLanguageName } from '../bench/plan-quality.ts'
import { distanceKm } from '../src/modules/places/domain.ts'
import { loadFamousSights } from '../src/modules/places/import/famous-sights-import.ts'
import { famousSightId, type FamousSight } from '../src/modules/places/sights/famous-sights.ts'
import { prepareSight, sameSight } from '../src/modules/places/sights/same-sight.ts'
import { oneAtATime } from './one-at-a-time.ts'
import { worldCatalogRecords } from './world-catalog.ts'

oneAtATime('review-sights')
const { values } = parseArgs({ options: { file: { type: 'string' }, city: { type: 'string' }, summary: { type: 'boolean' } } })

/** A sight within this distance of a catalog record it links has its coordinates checked by it. */
const MATCH_KM = 1
/** A catalog place this close to a sight is taken as that sight (not left out). */
const NEAR_KM = 0.3

interface CatalogRecord {
  readonly id: string
  readonly name: string
  readonly city_id: string
  readonly lat: number
  readonly lon: number
  readonly popularity: number
  readonly unesco: boolean
}

const catalog = worldCatalogRecords<CatalogRecord>()
const byId = new Map(catalog.map((record) => [record.id, record]))
const byCity = new Map<string, CatalogRecord[]>()
for (const record of catalog) byCity.set(record.city_id, [...(byCity.get(record.city_id) ?? []), record])

const atlas = createRequire(import.meta.url)('world-atlas/land-10m.json') as Topology
/** Each land polygon with its bounds, so a point is tested against the few whose bounds hold it. */
const landPolygons = feature(atlas, atlas.objects.land as GeometryCollection).features.flatMap((land) =>
  (land.geometry.type === 'MultiPolygon' ? land.geometry.coordinates : land.geometry.type === 'Polygon' ? [land.geometry.coordinates] : []).map(
    (coordinates) => {
      const polygon = { type: 'Polygon' as const, coordinates }
      return { polygon, bounds: geoBounds(polygon) }
    },
  ),
)
const within = (value: number, low: number, high: number) => (low <= high ? value >= low && value <= high : value >= low || value <= high)
const onLand = (sight: FamousSight) =>
  landPolygons.some(
    ({ polygon, bounds: [[west, south], [east, north]] }) =>
      sight.lat >= south && sight.lat <= north && within(sight.lon, west, east) && geoContains(polygon, [sight.lon, sight.lat]),
  )

const supplement = loadFamousSights()
const problems = supplement.problems.filter((problem) => !values.file || problem.file === values.file.split('/').pop())
const wantedFile = values.file?.split('/').pop()
const chosen = supplement.sights.filter(
  ({ file, city }) => (!wantedFile || file === wantedFile) && (!values.city || city.name === values.city || city.asciiName === values.city),
)

const counts = {
  cities: 0,
  sights: 0,
  matchedToCatalog: 0,
  fromAnotherSource: 0,
  unchecked: 0,
  inTheSea: 0,
  notEnglish: 0,
  famousLeftOut: 0,
  twice: 0,
  refusedLines: problems.length,
}
for (const problem of problems) console.log(`refused: ${problem.file}:${problem.line} ${problem.reason}`)

const cities = new Map<string, typeof chosen>()
for (const entry of chosen) cities.set(entry.city.id, [...(cities.get(entry.city.id) ?? []), entry])
for (const [cityId, entries] of cities) {
  counts.cities++
  const city = entries[0]!.city
  const lines: string[] = []
  const flagged: string[] = []
  for (const { sight } of entries.sort((a, b) => a.sight.fame - b.sight.fame)) {
    counts.sights++
    const linked = (sight.same ?? []).map((id) => byId.get(id)).filter((record) => record !== undefined)
    const nearest = linked.map((record) => ({
      record,
      km: distanceKm({ latitude: sight.lat, longitude: sight.lon }, { latitude: record.lat, longitude: record.lon }),
    }))
    const matched = nearest.filter(({ record }) => !record.id.startsWith('unesco-')).sort((a, b) => a.km - b.km)[0]
    const where = (sight as FamousSight & { where?: string }).where
    let coordinates: string
    if (matched && matched.km <= MATCH_KM) {
      counts.matchedToCatalog++
      coordinates = `matched to ${matched.record.id} (${(matched.km * 1000).toFixed(0)} m)`
    } else if (where) {
      counts.fromAnotherSource++
      coordinates = `from ${where}`
    } else {
      counts.unchecked++
      coordinates = 'UNCHECKED: no catalog record within 1 km and no source given'
      flagged.push(`${sight.name}: coordinates unchecked`)
    }
    if (!onLand(sight)) {
      counts.inTheSea++
      flagged.push(`${sight.name}: in the sea at the 1:10m coastline (${sight.lat},${sight.lon})`)
    }
    const language = foreignLanguageName({
      id: '',
      shown: sight.name,
      names: [sight.name],
      written: [],
      kind: sight.kind,
      city: city.name,
      country: city.countryCode,
      latitude: sight.lat,
      longitude: sight.lon,
    })
    if (language) {
      counts.notEnglish++
      flagged.push(`${sight.name}: a ${language} name`)
    }
    lines.push(`  ${sight.fame}. ${sight.name} (${sight.kind}, ${sight.minutes} min): ${coordinates}`)
  }
  const taken = new Set(entries.flatMap(({ sight }) => sight.same ?? []))
  const records = byCity.get(cityId) ?? []
  const famous = [...records.sort((a, b) => b.popularity - a.popularity).slice(0, 5), ...records.filter((record) => record.unesco)]
  for (const record of new Set(famous)) {
    const near = entries.some(
      ({ sight }) => distanceKm({ latitude: sight.lat, longitude: sight.lon }, { latitude: record.lat, longitude: record.lon }) <= NEAR_KM,
    )
    if (taken.has(record.id) || near) continue
    counts.famousLeftOut++
    flagged.push(`catalog place left out: ${record.name} (${record.id}, popularity ${record.popularity}${record.unesco ? ', UNESCO' : ''})`)
  }
  const prepared = entries.map(({ sight }) =>
    prepareSight(
      {
        id: famousSightId(sight),
        names: [sight.name, ...(sight.local ? [sight.local] : [])],
        kind: sight.kind,
        cityId,
        latitude: sight.lat,
        longitude: sight.lon,
        origins: ['roam-sights'],
      },
      `${city.name} ${city.asciiName}`,
    ),
  )
  for (let i = 0; i < prepared.length; i++)
    for (let j = i + 1; j < prepared.length; j++)
      if (sameSight(prepared[i]!, prepared[j]!)) {
        counts.twice++
        flagged.push(`one sight twice: ${entries[i]!.sight.name} / ${entries[j]!.sight.name}`)
      }
  if (values.summary && flagged.length === 0) continue
  console.log(`${city.name}, ${city.country} (${entries.length} sights, ${records.length} catalog records)`)
  if (!values.summary) for (const line of lines) console.log(line)
  for (const flag of flagged) console.log(`  ! ${flag}`)
}
console.log(JSON.stringify(counts))
