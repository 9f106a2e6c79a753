import { Effect } from 'effect'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../../../test/database.ts'
import { resolveCity } from '../../cities/cities.ts'
import { startFakeOverpass } from './fake-overpass.ts'
import { startFakeWikidata } from './fake-wikidata.ts'
import { importCatalogLines } from '../../import/importer.ts'
import { fallbackNotice, osmPlaces } from './osm-adapter.ts'
import { politeFetch } from '../polite-fetch.ts'
import { sitelinkCounts } from './wikidata-client.ts'
import { fixtureLines } from '../catalog/test-catalog.ts'
import { OSM_ELEMENTS, WIKIDATA_SITELINKS } from './test-osm-fixture.ts'

const database = await freshDatabase()
await importCatalogLines(database.db, fixtureLines())
const overpass = await startFakeOverpass(OSM_ELEMENTS)
const wikidata = await startFakeWikidata(WIKIDATA_SITELINKS)
afterAll(() => Promise.all([overpass.close(), wikidata.close()]))

const adapter = (options: { timeoutMs?: number; cacheMaxAgeMs?: number } = {}) =>
  osmPlaces({ db: database.db, overpassUrl: overpass.baseUrl, wikidataUrl: wikidata.baseUrl, contact: 'ops@roam.example', ...options })
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const paris = resolveCity('Paris, Île-de-France, France')!
const london = resolveCity('London, United Kingdom')!

beforeEach(async () => {
  await database.db.deleteFrom('places_api_cache').execute()
  overpass.requests.length = 0
  wikidata.requests.length = 0
  overpass.delayMs = 0
  overpass.failWith = undefined
  wikidata.failWith = undefined
})

describe('the OpenStreetMap adapter against local Overpass and Wikidata fakes', () => {
  it("plans from a city's OSM places, ranked by Wikidata sitelinks, with their own hours", async () => {
    const { attractions, notice } = await run(adapter().attractionsWithNotice(paris))
    expect(notice).toBeUndefined()
    expect(attractions[0]).toMatchObject({ name: 'Louvre Museum', kind: 'museum', cityId: paris.id, city: 'Paris' })
    expect(attractions.map((place) => place.name)).not.toContain('Palace of Versailles')
    expect(attractions.find((place) => place.name === "Musée d'Orsay")?.openingHours).toContain('Mo off')
  })

  it('identifies itself with a contact, and asks Wikidata for sitelinks in one batch', async () => {
    await run(adapter().attractionsIn(paris))
    expect(overpass.requests).toHaveLength(1)
    expect(overpass.requests[0]!.userAgent).toBe('Roam/0.1 (ops@roam.example)')
    expect(overpass.requests[0]!.method).toBe('POST')
    expect(wikidata.requests).toHaveLength(1)
    const params = new URL(wikidata.requests[0]!.url, 'http://x').searchParams
    expect(params.get('action')).toBe('wbgetentities')
    expect(params.get('props')).toBe('sitelinks')
    // Paris's eleven linked items; Versailles lies outside the city's radius.
    expect(params.get('ids')!.split('|')).toHaveLength(11)
    expect(wikidata.requests[0]!.userAgent).toBe('Roam/0.1 (ops@roam.example)')
  })

  it('asks Wikidata in batches of at most 50 items, and leaves missing items out', async () => {
    const fetchJson = politeFetch({ service: 'Wikidata', userAgent: 'Roam/0.1 (test)', timeoutMs: 2000 })
    const ids = ['Q19675', 'Q999999999', ...Array.from({ length: 118 }, (_, k) => `Q${k + 1}`)]
    const counts = await sitelinkCounts(fetchJson, wikidata.baseUrl, ids)
    expect(wikidata.requests).toHaveLength(3)
    expect(counts.get('Q19675')).toBe(190)
    expect(counts.has('Q999999999')).toBe(false)
  })

  it('keeps answers in PostgreSQL for every process: a second adapter asks nobody', async () => {
    const first = await run(adapter().attractionsIn(paris))
    const second = await run(adapter().attractionsIn(paris))
    expect(second).toEqual(first)
    expect(overpass.requests).toHaveLength(1)
    expect(wikidata.requests).toHaveLength(1)
    const rows = await database.db.selectFrom('places_api_cache').select('endpoint').execute()
    expect(rows.map((row) => row.endpoint).sort()).toEqual(['OpenStreetMap (Overpass API)', 'Wikidata'])
  })

  it('asks again once the cached answer is older than the configured age', async () => {
    await run(adapter({ cacheMaxAgeMs: 0 }).attractionsIn(paris))
    await run(adapter({ cacheMaxAgeMs: 0 }).attractionsIn(paris))
    expect(overpass.requests).toHaveLength(2)
  })

  it('has at most one request in flight to a service, however many trips are planned at once', async () => {
    overpass.delayMs = 50
    const places = adapter()
    await run(Effect.all([places.attractionsIn(paris), places.attractionsIn(london)], { concurrency: 'unbounded' }))
    expect(overpass.requests).toHaveLength(2)
    expect(overpass.maxInFlight()).toBe(1)
  })

  it('falls back to the offline catalog with a notice when Overpass fails or is slow, never an error', async () => {
    overpass.failWith = 504
    const failed = await run(adapter().attractionsWithNotice(paris))
    expect(failed.notice).toBe(fallbackNotice('Paris'))
    expect(failed.attractions.map((place) => place.id)).toContain('t-louvre')
    overpass.failWith = undefined
    overpass.delayMs = 300
    const slow = await run(adapter({ timeoutMs: 50 }).attractionsWithNotice(paris))
    expect(slow.notice).toBe(fallbackNotice('Paris'))
    // A failure is not cached: the next request asks again.
    overpass.delayMs = 0
    expect((await run(adapter().attractionsWithNotice(paris))).notice).toBeUndefined()
  })

  it('still plans from OSM when Wikidata fails, ranking by Wikipedia links', async () => {
    wikidata.failWith = 503
    const { attractions, notice } = await run(adapter().attractionsWithNotice(paris))
    expect(notice).toBeUndefined()
    expect(attractions.length).toBeGreaterThan(5)
  })

  it('searches a city among its OSM places by any name, elsewhere in the catalog', async () => {
    const found = await run(adapter().searchAttractions('лувр', paris))
    expect(found.map((place) => place.name)).toEqual(['Louvre Museum'])
    const anywhere = await run(adapter().searchAttractions('british museum'))
    expect(anywhere[0]).toMatchObject({ name: 'British Museum' })
  })
})
