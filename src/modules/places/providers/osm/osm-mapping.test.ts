import { describe, expect, it } from 'vitest'
import { resolveCity } from '../../cities/cities.ts'
import { kindOf, namesOf, osmPlaceId, overpassQuery, popularityFrom, toAttractions, wikidataIds } from './osm-mapping.ts'
import { OSM_ELEMENTS, WIKIDATA_SITELINKS } from './test-osm-fixture.ts'

const paris = resolveCity('Paris, Île-de-France, France')!

describe('the OpenStreetMap kind table', () => {
  it.each([
    [{ tourism: 'museum' }, 'museum'],
    [{ tourism: 'gallery' }, 'gallery'],
    [{ tourism: 'aquarium' }, 'zoo_aquarium'],
    [{ tourism: 'theme_park' }, 'theme_park'],
    [{ tourism: 'viewpoint' }, 'viewpoint'],
    [{ historic: 'castle' }, 'castle_palace'],
    [{ historic: 'fort' }, 'castle_palace'],
    [{ historic: 'monument' }, 'monument'],
    [{ historic: 'archaeological_site' }, 'historic_site'],
    [{ natural: 'beach' }, 'beach'],
    [{ amenity: 'marketplace' }, 'market_shopping'],
    [{ amenity: 'nightclub' }, 'nightlife'],
    [{ amenity: 'public_bath' }, 'spa_wellness'],
    [{ tourism: 'attraction' }, 'landmark'],
    // A museum that is also an attraction is a museum: the first row wins.
    [{ tourism: 'attraction', historic: 'castle' }, 'castle_palace'],
  ])('%o is a %s', (tags, kind) => {
    expect(kindOf(tags as Record<string, string>)).toBe(kind)
  })

  it('takes parks, churches, memorials, ruins and bars only with a Wikipedia or Wikidata link', () => {
    for (const tags of [{ leisure: 'park' }, { amenity: 'place_of_worship' }, { historic: 'memorial' }, { historic: 'ruins' }, { amenity: 'bar' }] as Record<
      string,
      string
    >[]) {
      expect(kindOf(tags)).toBeUndefined()
      expect(kindOf({ ...tags, wikidata: 'Q1' })).toBeDefined()
      expect(kindOf({ ...tags, wikipedia: 'en:X' })).toBeDefined()
    }
  })

  it('leaves out what is not a sight', () => {
    for (const tags of [{ leisure: 'playground' }, { historic: 'wayside_cross' }, { amenity: 'school' }, { shop: 'bakery' }] as Record<string, string>[])
      expect(kindOf(tags)).toBeUndefined()
  })

  it('asks Overpass for every row of the table around the city, linked rows twice (wikidata or wikipedia), with centres', () => {
    const query = overpassQuery(48.8566, 2.3522, 9000)
    expect(query).toMatch(/^\[out:json\]\[timeout:25\];/)
    expect(query).toContain('nwr["tourism"="museum"]["name"](around:9000,48.85660,2.35220);')
    expect(query).toContain('nwr["amenity"="place_of_worship"]["name"]["wikidata"](around:9000,48.85660,2.35220);')
    expect(query).toContain('nwr["amenity"="place_of_worship"]["name"]["wikipedia"](around:9000,48.85660,2.35220);')
    expect(query).toContain('nwr["tourism"~"^(zoo|aquarium)$"]["name"]')
    expect(query).toMatch(/out tags center qt;$/)
  })
})

describe('OpenStreetMap elements as places', () => {
  const places = toAttractions({ elements: OSM_ELEMENTS }, paris, WIKIDATA_SITELINKS)
  const byId = (id: string) => places.find((place) => place.id === id)

  it('shows name:en first and keeps every other name as an alias', () => {
    const louvre = byId('osm-way-1001')!
    expect(louvre.name).toBe('Louvre Museum')
    expect(louvre.aliases).toEqual(expect.arrayContaining(['Musée du Louvre', 'ルーヴル美術館', 'Лувр']))
    expect(louvre.address).toBe('99 Rue de Rivoli, 75001 Paris')
    expect(louvre.wikipedia).toBe('https://fr.wikipedia.org/wiki/Mus%C3%A9e_du_Louvre')
    expect(byId('osm-way-1004')!.wikipedia).toBeUndefined()
    // No name:en: the local name where that is the usual one.
    expect(byId('osm-way-1004')!.name).toBe("Musée d'Orsay")
    expect(byId('osm-way-1008')!.aliases).toContain('蓬皮杜中心')
  })

  it('reads nodes by their position and ways and relations by their centre', () => {
    expect(byId('osm-relation-1003')).toMatchObject({ name: 'Notre-Dame Cathedral', kind: 'religious_site', latitude: 48.853, longitude: 2.3499 })
    expect(byId('osm-node-1006')).toMatchObject({ latitude: 48.8867, longitude: 2.3431 })
    expect(osmPlaceId({ type: 'relation', id: 7 })).toBe('osm-relation-7')
  })

  it('leaves out elements without a name or a kind Roam plans', () => {
    for (const id of ['osm-node-1013', 'osm-node-1014', 'osm-way-1015', 'osm-node-1016']) expect(byId(id)).toBeUndefined()
  })

  it('ranks by Wikidata sitelinks: the Louvre before a minor museum, a place without an article last', () => {
    expect(places[0]!.name).toBe('Louvre Museum')
    expect(byId('osm-way-1001')!.popularity).toBeGreaterThan(byId('osm-way-1010')!.popularity)
    expect(places.at(-1)!.name).toBe('Esplanade du Trocadéro')
    expect(popularityFrom(undefined, {})).toBeLessThan(popularityFrom(undefined, { wikipedia: 'fr:X' }))
    for (const place of places) expect(place.popularity).toBeLessThanOrEqual(1)
  })

  it('keeps real opening hours when they parse, and the usual daily window beside them', () => {
    expect(byId('osm-way-1001')).toMatchObject({ openingHours: expect.stringContaining('Tu off'), opensAt: 9 * 60, closesAt: 18 * 60 })
    expect(byId('osm-node-1011')).toMatchObject({ openingHours: '24/7', opensAt: 0, closesAt: 1440 })
    // Malformed: the kind's typical window, no hours of its own.
    const carnavalet = byId('osm-way-1010')!
    expect(carnavalet.openingHours).toBeUndefined()
    expect([carnavalet.opensAt, carnavalet.closesAt]).toEqual([600, 1080])
  })

  it('lists the Wikidata items an answer links to, once each', () => {
    expect(wikidataIds({ elements: OSM_ELEMENTS })).toContain('Q19675')
    expect(wikidataIds({ elements: [...OSM_ELEMENTS, ...OSM_ELEMENTS] })).toHaveLength(12)
    expect(namesOf({ name: 'X', 'name:en': 'Y', 'name:de': 'Z' }).map((name) => name.language)).toEqual(['en', 'de', undefined])
  })
})
