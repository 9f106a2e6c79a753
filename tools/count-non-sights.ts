/**
 * `npx tsx tools/count-non-sights.ts [--examples N]`: over the whole world catalog, how many records are not
 * sights (sights/not-a-sight.ts), by kind of non-sight, and how many have no name a traveller can read
 * (names/shown-name.ts: a transliteration, or a rendering that keeps foreign words). Generated plans leave
 * both out; this prints what that takes away, with a few examples of each.
 */
import { parseArgs } from 'node:util'
import { isKind } from '../src/modules/places/domain.ts'
import { chooseShownName } from '../src/modules/places/names/shown-name.ts'
import { notASight } from '../src/modules/places/sights/not-a-sight.ts'
import { nameSourcesOf, type SightRow } from '../src/modules/places/sights/sight-groups.ts'
import { worldCatalogRecords } from './world-catalog.ts'

const { values } = parseArgs({ options: { examples: { type: 'string' } } })
const examples = Number(values.examples ?? 5)

const records = worldCatalogRecords<SightRow & { lat: number; lon: number; name_latin?: string }>()

const found = new Map<string, string[]>()
const note = (reason: string, text: string) => found.set(reason, [...(found.get(reason) ?? []), text])
for (const record of records) {
  const sources = nameSourcesOf({ ...record, name_latin: record.name_latin ?? null, editions: record.editions ?? null })
  const kind = isKind(record.kind) ? record.kind : 'landmark'
  const reason = notASight(
    sources.map((source) => source.text),
    kind,
    record.popularity,
    record.unesco,
  )
  if (reason) note(reason, `${record.name} (${record.country})`)
  const shown = chooseShownName(sources, record.country)
  if (!shown.readable) note('no readable name', `${shown.name} ← ${record.name} (${record.country})`)
}
console.log(`${records.length} catalog records`)
for (const [reason, list] of [...found].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`${reason}: ${list.length}`)
  for (let i = 0; i < examples && i < list.length; i++) console.log(`  ${list[Math.floor((i * list.length) / examples)]}`)
}
