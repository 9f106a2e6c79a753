/**
 * `npx tsx bench/dedupe-sample.ts [--catalog <file>] [--seed N] [--unmerged N]`: draws the candidate pairs
 * that src/modules/places/sights/dedupe-labels.json labels by hand, so the draw can be repeated.
 *
 * Candidate pairs are pairs of records of one city that a matcher has to decide on: identical names within
 * 1.5 km, a telling name word in common within 300 m, or the same kind (not `landmark`) within 100 m.
 * They are split by the matcher's answer when drawn: every pair it calls the same sight is taken, and a
 * seeded random sample of the others; each pair carries its stratum's size so precision and recall can be
 * estimated for the whole candidate population (see dedupe-labels.test.ts).
 *
 * Prints the JSON of the drawn pairs (labels empty) on stdout.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { distanceKm, type Kind } from '../src/modules/places/domain.ts'
import { prepareSight, sameSight, type PreparedSight } from '../src/modules/places/sights/same-sight.ts'
import { isWeak, sameWord } from '../src/modules/places/sights/sight-words.ts'
import { option, seededRandom } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const catalog = path.resolve(option(args, 'catalog') ?? path.join(ROOT, 'data/places/world-catalog.ndjson.gz'))
const seed = Number(option(args, 'seed') ?? 11)
const unmergedSample = Number(option(args, 'unmerged') ?? 150)

interface CatalogLine {
  readonly id: string
  readonly name: string
  readonly names: Record<string, string>
  readonly name_latin?: string
  readonly city: string
  readonly city_id: string
  readonly kind: Kind
  readonly lat: number
  readonly lon: number
  readonly source: string
  readonly editions?: readonly string[]
}

export interface LabelledRecord {
  readonly id: string
  readonly names: readonly string[]
  readonly kind: Kind
  readonly latitude: number
  readonly longitude: number
  readonly origins: readonly string[]
}

export interface CandidatePair {
  readonly city: string
  readonly cityId: string
  readonly metres: number
  /** Why the pair is a candidate. */
  readonly reason: 'identical name' | 'shared word' | 'same kind nearby'
  /** The matcher's answer when the pair was drawn, and how many candidate pairs had that answer. */
  readonly stratum: 'merged' | 'kept apart'
  readonly stratumSize: number
  readonly stratumSampled: number
  readonly a: LabelledRecord
  readonly b: LabelledRecord
  label: 'same' | 'different' | ''
  note?: string
}

const text = fs.readFileSync(catalog)
const lines = (catalog.endsWith('.gz') ? zlib.gunzipSync(text) : text).toString('utf8').split('\n').filter(Boolean)
const records = lines.map((line) => JSON.parse(line) as CatalogLine)

const byCity = new Map<string, Array<PreparedSight & { line: CatalogLine }>>()
for (const line of records) {
  const names = [...new Set([line.name, ...Object.values(line.names), ...(line.name_latin ? [line.name_latin] : [])])]
  const origins = line.editions?.length ? line.editions.map((edition) => `${line.source}:${edition}`) : [line.source]
  const sight = prepareSight({ id: line.id, names, kind: line.kind, cityId: line.city_id, latitude: line.lat, longitude: line.lon, origins }, line.city)
  const list = byCity.get(line.city_id) ?? []
  list.push({ ...sight, line })
  byCity.set(line.city_id, list)
}

const candidates: Array<Omit<CandidatePair, 'stratumSize' | 'stratumSampled' | 'label'>> = []
for (const list of byCity.values()) {
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!
      const b = list[j]!
      const km = distanceKm(a.record, b.record)
      if (km > 1.5) continue
      const identical = km <= 1.5 && a.parts.some((p) => b.parts.some((q) => p.plain === q.plain))
      const shared = km <= 0.3 && a.parts.some((p) => b.parts.some((q) => p.words.some((w) => !isWeak(w) && q.words.some((v) => sameWord(w, v)))))
      const sameKind = km <= 0.1 && a.record.kind === b.record.kind && a.record.kind !== 'landmark'
      if (!identical && !shared && !sameKind) continue
      const record = (sight: typeof a): LabelledRecord => ({
        id: sight.record.id,
        names: sight.record.names,
        kind: sight.record.kind,
        latitude: sight.record.latitude,
        longitude: sight.record.longitude,
        origins: sight.record.origins ?? [],
      })
      candidates.push({
        city: a.line.city,
        cityId: a.line.city_id,
        metres: Math.round(km * 1000),
        reason: identical ? 'identical name' : shared ? 'shared word' : 'same kind nearby',
        stratum: sameSight(a, b) ? 'merged' : 'kept apart',
        a: record(a),
        b: record(b),
      })
    }
  }
}

const random = seededRandom(seed)
const merged = candidates.filter((pair) => pair.stratum === 'merged')
const apart = candidates.filter((pair) => pair.stratum === 'kept apart')
const shuffled = apart
  .map((pair) => ({ pair, key: random() }))
  .sort((x, y) => x.key - y.key)
  .map(({ pair }) => pair)
const drawn = shuffled.slice(0, Math.min(unmergedSample, apart.length))
const result: CandidatePair[] = [
  ...merged.map((pair) => ({ ...pair, stratumSize: merged.length, stratumSampled: merged.length, label: '' as const })),
  ...drawn.map((pair) => ({ ...pair, stratumSize: apart.length, stratumSampled: drawn.length, label: '' as const })),
]
console.error(`${candidates.length} candidate pairs: ${merged.length} merged (all taken), ${apart.length} kept apart (${drawn.length} drawn, seed ${seed})`)
console.log(JSON.stringify(result, null, 1))
