/**
 * `npx tsx tools/link-sights.ts [--write] [--mark-unverified]`: links each reviewed sight (data/places/famous-sights/) whose
 * coordinates nothing checks yet (no `same` record within 1 km, no `where`) to the world catalog's records of
 * the same sight within 1 km, by the importer's own same-sight reading (same-sight.ts: a shared name, a
 * compatible kind, close enough for that name). Such a record is a second source that agrees with the sight's
 * position; its id goes into the sight's `same`. Prints each link found and a count; `--write` rewrites the
 * files with them. A sight no record matches needs a `where` (tools/review-sights.ts flags it); with
 * `--mark-unverified` it gets `"where": "unverified"`, which is what it is: written from knowledge of the
 * place, with no second source at hand to check it against.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { distanceKm, isKind } from '../src/modules/places/domain.ts'
import { FAMOUS_SIGHTS_DIR, loadFamousSights } from '../src/modules/places/import/famous-sights-import.ts'
import { prepareSight, sameSight } from '../src/modules/places/sights/same-sight.ts'
import { worldCatalogRecords } from './world-catalog.ts'

const { values } = parseArgs({ options: { write: { type: 'boolean' }, 'mark-unverified': { type: 'boolean' } } })

/** A record this close is a second source for the sight's position (as the review counts it). */
const MATCH_KM = 1

interface CatalogRecord {
  readonly id: string
  readonly name: string
  readonly names?: Record<string, string>
  readonly kind: string
  readonly lat: number
  readonly lon: number
}

const catalog = worldCatalogRecords<CatalogRecord>().filter((record) => !record.id.startsWith('unesco-'))
/** Records by 0.1° cell, so a sight is compared with the few around it. */
const cells = new Map<string, CatalogRecord[]>()
const cellOf = (lat: number, lon: number) => `${Math.floor(lat * 10)}:${Math.floor(lon * 10)}`
for (const record of catalog) cells.set(cellOf(record.lat, record.lon), [...(cells.get(cellOf(record.lat, record.lon)) ?? []), record])
const around = (lat: number, lon: number) =>
  [-1, 0, 1].flatMap((dLat) => [-1, 0, 1].flatMap((dLon) => cells.get(cellOf(lat + dLat / 10, lon + dLon / 10)) ?? []))

const { sights } = loadFamousSights()
/** New `same` ids by file and line number (1-based); an empty list marks the sight unverified. */
const links = new Map<string, Map<number, string[]>>()
const note = (file: string, line: number, ids: string[]) => links.set(file, (links.get(file) ?? new Map<number, string[]>()).set(line, ids))
let linked = 0
let unverified = 0
for (const { file, line, city, sight } of sights) {
  const where = (sight as typeof sight & { where?: string }).where
  const position = { latitude: sight.lat, longitude: sight.lon }
  const checked = (sight.same ?? []).some((id) => {
    const record = catalog.find((candidate) => candidate.id === id)
    return record && distanceKm(position, { latitude: record.lat, longitude: record.lon }) <= MATCH_KM
  })
  if (where || checked) continue
  const mine = prepareSight(
    {
      id: 'sight',
      names: [sight.name, ...(sight.local ? [sight.local] : []), ...(sight.also ?? [])],
      kind: sight.kind,
      cityId: city.id,
      ...position,
      origins: ['roam-sights'],
    },
    `${city.name} ${city.asciiName}`,
  )
  const found = around(sight.lat, sight.lon)
    .filter((record) => distanceKm(position, { latitude: record.lat, longitude: record.lon }) <= MATCH_KM)
    .filter((record) =>
      sameSight(
        mine,
        prepareSight(
          {
            id: record.id,
            names: [record.name, ...Object.values(record.names ?? {})],
            kind: isKind(record.kind) ? record.kind : 'landmark',
            cityId: city.id,
            latitude: record.lat,
            longitude: record.lon,
            origins: ['catalog'],
          },
          `${city.name} ${city.asciiName}`,
        ),
      ),
    )
    .map((record) => record.id)
  if (found.length > 0) {
    linked++
    console.log(`${city.name}: ${sight.name} = ${found.join(', ')}`)
    note(file, line, found)
  } else if (values['mark-unverified']) {
    unverified++
    note(file, line, [])
  }
}
console.log(JSON.stringify({ linked, unverified }))

/** A line written as its file writes them: compact, or with a space after each `:` and `,`. */
const spaced = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(spaced).join(', ')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.entries(value)
          .map(([key, field]) => `${JSON.stringify(key)}: ${spaced(field)}`)
          .join(', ')}}`
      : JSON.stringify(value)
const formatted = (value: unknown, like: string) => (like.startsWith('{"city": ') ? spaced(value) : JSON.stringify(value))

if (values.write)
  for (const [file, byLine] of links) {
    const full = path.join(FAMOUS_SIGHTS_DIR, file)
    const lines = fs.readFileSync(full, 'utf8').split('\n')
    for (const [number, ids] of byLine) {
      const sight = JSON.parse(lines[number - 1]!) as { same?: string[] }
      lines[number - 1] = formatted(
        ids.length === 0 ? { ...sight, where: 'unverified' } : { ...sight, same: [...(sight.same ?? []), ...ids.filter((id) => !sight.same?.includes(id))] },
        lines[number - 1]!,
      )
    }
    fs.writeFileSync(full, lines.join('\n'))
  }
