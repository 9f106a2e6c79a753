import { Effect } from 'effect'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../../../test/database.ts'
import { resolveCity } from '../../cities/cities.ts'
import { importCatalogLines } from '../../import/importer.ts'
import { fixtureLines } from '../catalog/test-catalog.ts'
import { startFakeOverpass } from './fake-overpass.ts'
import { startFakeWikidata } from './fake-wikidata.ts'
import { catalogFilledFromOsm, moreComingNotice } from './osm-fill.ts'
import { OSM_ELEMENTS, WIKIDATA_SITELINKS } from './test-osm-fixture.ts'

const database = await freshDatabase()
await importCatalogLines(database.db, fixtureLines())
const overpass = await startFakeOverpass(OSM_ELEMENTS)
const wikidata = await startFakeWikidata(WIKIDATA_SITELINKS)
afterAll(() => Promise.all([overpass.close(), wikidata.close()]))

const provider = (thinBelow: number) =>
  catalogFilledFromOsm({ db: database.db, overpassUrl: overpass.baseUrl, wikidataUrl: wikidata.baseUrl, contact: 'ops@roam.example', thinBelow })
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const paris = resolveCity('Paris, Île-de-France, France')!

/** Asks again until the places settle (the fill runs in the background), as a traveller planning again would. */
async function plannedAgain(places: ReturnType<typeof provider>) {
  for (let attempt = 0; ; attempt++) {
    const answer = await run(places.attractionsWithNotice(paris))
    if (!answer.notice || attempt === 200) return answer
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

beforeEach(async () => {
  await database.db.deleteFrom('places_api_cache').execute()
  overpass.requests.length = 0
  overpass.failWith = undefined
  overpass.delayMs = 0
})

describe('the catalog filled from OpenStreetMap in the background', () => {
  it('plans a thin destination from the catalog at once and says more is coming; the next plan has the OpenStreetMap places, each sight once', async () => {
    overpass.delayMs = 200
    const places = provider(50)
    const first = await run(places.attractionsWithNotice(paris))
    expect(first.notice).toBe(moreComingNotice('Paris'))
    expect(first.attractions.every((place) => place.id.startsWith('t-'))).toBe(true)
    const next = await plannedAgain(places)
    expect(next.notice).toBeUndefined()
    const names = next.attractions.map((place) => place.name)
    expect(names).toContain('Centre Pompidou')
    // The catalog's Louvre and OpenStreetMap's Louvre Museum are one sight.
    expect(names.filter((name) => name.includes('Louvre'))).toEqual(['Louvre'])
    expect(overpass.requests).toHaveLength(1)
  })

  it('asks OpenStreetMap nothing for a destination the catalog fills', async () => {
    const { attractions, notice } = await run(provider(1).attractionsWithNotice(paris))
    expect(notice).toBeUndefined()
    expect(attractions.length).toBeGreaterThan(0)
    expect(overpass.requests).toHaveLength(0)
  })

  it('plans from the catalog alone when OpenStreetMap cannot be reached, and does not ask again at once', async () => {
    overpass.failWith = 503
    const places = provider(50)
    await run(places.attractionsWithNotice(paris))
    const after = await plannedAgain(places)
    expect(after.notice).toBeUndefined()
    expect(after.attractions.every((place) => place.id.startsWith('t-'))).toBe(true)
    await run(places.attractionsWithNotice(paris))
    expect(overpass.requests.length).toBeGreaterThan(0)
    const asked = overpass.requests.length
    await run(places.attractionsWithNotice(paris))
    expect(overpass.requests).toHaveLength(asked)
  })
})
