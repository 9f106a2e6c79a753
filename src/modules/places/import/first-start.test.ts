import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import zlib from 'node:zlib'
import { beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../../test/database.ts'
import { parseCatalogLine } from './catalog-record.ts'
import { cityIndex } from '../cities/cities.ts'
import { DEMO_CATALOG_FILE, DEMO_SOURCE, preparePlaces, WORLD_CATALOG_FILE } from './first-start.ts'
import { importCatalogFile, importCatalogLines } from './importer.ts'
import { SIGHT_RULES_VERSION } from '../sights/merge-sights.ts'
import { catalogRecord, FIXTURE_PLACES } from '../providers/catalog/test-catalog.ts'

const database = await freshDatabase()
const db = database.db

/** A small stand-in for the world catalog, compressed like it: two Paris sights the demo catalog has too. */
const worldLines = [
  catalogRecord(FIXTURE_PLACES[1]!, {
    id: 'wv-eiffel',
    name: 'Tour Eiffel',
    names: { fr: 'Tour Eiffel', ru: 'Эйфелева башня' },
    lat: 48.8583,
    lon: 2.2944,
    popularity: 0.54,
    source: 'wikivoyage-2016',
    license: 'CC BY-SA 3.0',
    editions: ['fr', 'ru'],
  }),
  catalogRecord(FIXTURE_PLACES[0]!, {
    id: 'wv-louvre',
    name: 'Musée du Louvre',
    names: { fr: 'Musée du Louvre', ru: 'Лувр' },
    popularity: 0.52,
    source: 'wikivoyage-2016',
    license: 'CC BY-SA 3.0',
    editions: ['fr', 'ru'],
  }),
  catalogRecord(FIXTURE_PLACES[8]!, { id: 'wv-british', popularity: 0.5, source: 'wikivoyage-2016', license: 'CC BY-SA 3.0', editions: ['de'] }),
].map((record) => JSON.stringify(record))
const WORLD = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roam-first-start-')), 'world.ndjson.gz')
fs.writeFileSync(WORLD, zlib.gzipSync(`${worldLines.join('\n')}\n`))
const files = { world: WORLD, demo: DEMO_CATALOG_FILE }

const sources = async () => (await database.pool.query('SELECT source, count(*)::int AS n FROM attractions GROUP BY source ORDER BY source')).rows
const start = async (catalog: 'world' | 'demo' | 'none' = 'world') => {
  const log: string[] = []
  await preparePlaces(db, (line) => log.push(line), catalog, files)
  return log
}

beforeEach(async () => {
  await database.pool.query('DELETE FROM attractions')
  await database.pool.query('DELETE FROM places_state')
})

describe('first start', () => {
  it('imports the world catalog into a fresh install, with a line before and after, and not again on the next start', async () => {
    const log = await start()
    expect(log[0]).toMatch(/^importing the world places catalog/)
    expect(log.at(-1)).toMatch(/^imported the world places catalog: 3 records, 3 places/)
    expect(await sources()).toEqual([{ source: 'wikivoyage-2016', n: 3 }])
    expect(await start()).toEqual([])
  })

  it('switches an install that only has the demo catalog to the world catalog: no sight comes from both', async () => {
    await importCatalogFile(db, DEMO_CATALOG_FILE)
    await start()
    expect(await sources()).toEqual([{ source: 'wikivoyage-2016', n: 3 }])
  })

  it('drops the demo records once the world catalog was imported beside them', async () => {
    await importCatalogFile(db, DEMO_CATALOG_FILE)
    await importCatalogFile(db, WORLD)
    const log = await start()
    expect(log).toContainEqual(expect.stringMatching(/^removed the \d+ demo places records/))
    expect((await sources()).map((row) => row.source)).not.toContain(DEMO_SOURCE)
  })

  it('leaves an install with its own catalog as it is', async () => {
    await importCatalogLines(db, [JSON.stringify(catalogRecord(FIXTURE_PLACES[0]!))])
    expect(await start()).toEqual([])
    expect(await sources()).toEqual([{ source: 'roam-test', n: 1 }])
  })

  it('imports the demo catalog when asked to (PLACES_CATALOG=demo), and nothing with none', async () => {
    expect(await start('none')).toEqual([])
    expect(await sources()).toEqual([])
    const log = await start('demo')
    expect(log).toEqual([expect.stringMatching(/^imported the demo places catalog/)])
    expect(await sources()).toEqual([{ source: DEMO_SOURCE, n: 138 }])
  })

  it('groups the places again when they were grouped under older rules', async () => {
    await importCatalogFile(db, WORLD)
    await database.pool.query('UPDATE attractions SET shown_name = NULL, rank = NULL')
    expect(await start('none')).toEqual([expect.stringMatching(/^grouped the places again/)])
    expect((await database.pool.query("SELECT value FROM places_state WHERE key = 'sight_rules'")).rows).toEqual([{ value: SIGHT_RULES_VERSION }])
    expect((await database.pool.query("SELECT shown_name FROM attractions WHERE id = 'wv-eiffel'")).rows).toEqual([{ shown_name: 'Tour Eiffel' }])
  })
})

describe('the shipped world catalog', () => {
  it('is a compressed file under 5 MB next to its licence note', () => {
    expect(fs.statSync(WORLD_CATALOG_FILE).size).toBeLessThan(5 * 1024 * 1024)
    const note = fs.readFileSync(path.join(path.dirname(WORLD_CATALOG_FILE), 'LICENSE.md'), 'utf8')
    expect(note).toMatch(/CC BY-SA 3\.0/)
    expect(note).toMatch(/Wikivoyage contributors/)
  })

  it('holds 33,018 valid records of known cities', async () => {
    const lines = readline.createInterface({ input: fs.createReadStream(WORLD_CATALOG_FILE).pipe(zlib.createGunzip()), crlfDelay: Infinity })
    const known = (id: string) => cityIndex().byId(id) !== undefined
    let count = 0
    const bad: string[] = []
    for await (const line of lines) {
      if (line.trim() === '') continue
      count++
      const parsed = parseCatalogLine(line, known)
      if (!parsed.ok) bad.push(`${count}: ${parsed.reason}`)
    }
    expect(bad).toEqual([])
    expect(count).toBe(33018)
  })
})

describe('the famous-sights supplement at start', () => {
  const sightsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-sights-'))
  const writeSights = (lines: readonly object[]) =>
    fs.writeFileSync(path.join(sightsDir, 'europe.ndjson'), lines.map((line) => JSON.stringify(line)).join('\n'))
  const louvre = {
    city: 'Paris',
    country: 'FR',
    fame: 1,
    name: 'Louvre Museum',
    local: 'Musée du Louvre',
    lat: 48.8606,
    lon: 2.3376,
    kind: 'museum',
    minutes: 180,
    hours: '09:00-18:00',
    closed: ['Tue'],
    same: ['wv-louvre'],
  }
  const startWithSights = async () => {
    const log: string[] = []
    await preparePlaces(db, (line) => log.push(line), 'world', { ...files, sights: sightsDir })
    return log
  }
  const place = async (id: string) =>
    (await database.pool.query('SELECT merged_into, shown_name, rank, visit_minutes, closed_days FROM attractions WHERE id = $1', [id])).rows[0]

  it('joins the world catalog: the reviewed sight takes in the records a reviewer linked, and is imported again only when it changes', async () => {
    writeSights([louvre])
    const log = await startWithSights()
    expect(log.at(-1)).toMatch(/^imported 1 famous sights of 1 cities/)
    expect(await place('fs-fr-paris-louvre-museum')).toEqual({
      merged_into: null,
      shown_name: 'Louvre Museum',
      rank: 1,
      visit_minutes: 180,
      closed_days: ['Tue'],
    })
    expect(await place('wv-louvre')).toMatchObject({ merged_into: 'fs-fr-paris-louvre-museum' })
    expect(await startWithSights()).toEqual([])

    writeSights([{ ...louvre, name: 'The Louvre', fame: 2 }])
    await startWithSights()
    expect(await place('fs-fr-paris-louvre-museum')).toBeUndefined()
    expect(await place('fs-fr-paris-the-louvre')).toMatchObject({ merged_into: null, rank: 0.98 })
    expect(await place('wv-louvre')).toMatchObject({ merged_into: 'fs-fr-paris-the-louvre' })
  })

  it('skips a line it cannot use and says why', async () => {
    writeSights([louvre, { ...louvre, name: 'Far Away', lat: 43.3, lon: 5.4 }])
    const log = await startWithSights()
    expect(log.some((line) => /europe\.ndjson:2 skipped: Far Away lies \d+ km from Paris/.test(line))).toBe(true)
  })
})
