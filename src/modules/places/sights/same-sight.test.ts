import { describe, expect, it } from 'vitest'
import type { Attraction, Kind } from '../domain.ts'
import { distinctSights, groupSameSights, otherSights, prepareSight, sameSight, type SightRecord } from './same-sight.ts'
import { nameParts, namesMatch } from './sight-words.ts'

const WORLD = (edition: string) => `wikivoyage-2016:${edition}`

/** A record of one city; `at` is [latitude, longitude]. */
const place = (id: string, names: string[], kind: Kind, at: [number, number], origins?: string[]): SightRecord => ({
  id,
  names,
  kind,
  cityId: 'city',
  latitude: at[0],
  longitude: at[1],
  ...(origins ? { origins } : {}),
})

const same = (a: SightRecord, b: SightRecord, city = '') => sameSight(prepareSight(a, city), prepareSight(b, city))

describe('sameSight: one sight under two names', () => {
  it.each([
    [
      'the demo and the large catalog, English and French',
      place('demo-notre-dame', ['Notre-Dame Cathedral', 'Cathédrale Notre-Dame de Paris'], 'religious_site', [48.853, 2.35], ['roam-demo']),
      place(
        'wv-notre-dame',
        ['Notre-Dame de Paris', 'Собор Парижской Богоматери', 'Notre Dame de Paris'],
        'religious_site',
        [48.853, 2.34985],
        [WORLD('de'), WORLD('fr'), WORLD('ru')],
      ),
      'Paris',
    ],
    [
      'a longer name with the district',
      place('demo-sacre-coeur', ['Sacré-Cœur Basilica'], 'religious_site', [48.887, 2.343], ['roam-demo']),
      place('wv-sacre-coeur', ['Basilique du Sacré-Cœur de Montmartre', 'Sacré-Cœur'], 'religious_site', [48.88694, 2.34306], [WORLD('fr'), WORLD('ru')]),
      'Paris',
    ],
    [
      'the same name twice',
      place('demo-arc', ['Arc de Triomphe'], 'monument', [48.874, 2.295], ['roam-demo']),
      place('wv-arc', ['Arc de Triomphe', 'Триумфальная арка'], 'monument', [48.8738, 2.29502], [WORLD('fr'), WORLD('ru')]),
      'Paris',
    ],
    [
      'word order, accents and the city in another language',
      place('demo-tnm', ['Tokyo National Museum'], 'museum', [35.719, 139.776], ['roam-demo']),
      place('wv-tnm', ['Musée National de Tōkyō'], 'museum', [35.71889, 139.77583], [WORLD('fr')]),
      'Tokyo',
    ],
    [
      'a Latin and a German spelling of one saint, monastery in two languages',
      place('wv-kloster', ['Hieronymus-Kloster', 'Монастырь иеронимитов Жиронимуш'], 'religious_site', [38.69749, -9.20713], [WORLD('de'), WORLD('ru')]),
      place('wv-mosteiro', ['Mosteiro dos Jeronimos'], 'religious_site', [38.69805, -9.20582], [WORLD('fr')]),
      'Lisbon',
    ],
    [
      'Cyrillic and Latin, a garden in two languages',
      place('wv-kadriorg-ru', ['Кадриоргский парк'], 'park_garden', [59.4383, 24.7905], [WORLD('ru')]),
      place('wv-kadriorg-de', ['Kadriorg-Park'], 'park_garden', [59.4372, 24.7956], [WORLD('de')]),
      'Tallinn',
    ],
    [
      'a German compound and an English name',
      place('wv-stephansdom', ['Stephansdom'], 'religious_site', [48.2085, 16.3731], [WORLD('de')]),
      place('en-stephen', ["St. Stephen's Cathedral"], 'religious_site', [48.2084, 16.3729], [WORLD('en')]),
      'Vienna',
    ],
    [
      'a town hall named by kind only, in three languages',
      place('wv-rathaus', ['Rathaus (Copenhagen)', 'Ратуша', 'Rathaus'], 'landmark', [55.6761, 12.5683], [WORLD('de'), WORLD('ru')]),
      place('wv-hotel-de-ville', ['Hôtel de ville'], 'landmark', [55.6762, 12.5684], [WORLD('fr')]),
      'Copenhagen',
    ],
  ])('%s', (_, a, b, city) => {
    expect(same(a, b, city)).toBe(true)
    expect(same(b, a, city)).toBe(true)
  })
})

describe('sameSight: two sights', () => {
  it.each([
    ['a park and the zoo in it', place('a', ['Ueno Park'], 'park_garden', [35.7148, 139.7735]), place('b', ['Ueno Zoo'], 'zoo_aquarium', [35.7164, 139.7713])],
    [
      'the old and the new museum',
      place('a', ['Altes Museum', 'Старый музей'], 'museum', [52.5194, 13.3985]),
      place('b', ['Neues Museum', 'Новый музей'], 'museum', [52.5206, 13.3977]),
    ],
    [
      'a gallery and its portrait gallery',
      place('a', ['National Gallery'], 'gallery', [51.5089, -0.1283]),
      place('b', ['National Portrait Gallery'], 'gallery', [51.5094, -0.1281]),
    ],
    [
      'a museum and a gallery of one country',
      place('a', ["Musée national d'Irlande"], 'museum', [53.3409, -6.2548]),
      place('b', ["Galerie nationale d'Irlande"], 'gallery', [53.3409, -6.2522]),
    ],
    [
      'a square and the theatre named after it',
      place('a', ['Leicester Square'], 'landmark', [51.5103, -0.1302]),
      place('b', ['Leicester Square Theatre'], 'entertainment', [51.5105, -0.1298]),
    ],
    [
      'the old church and the church',
      place('a', ['Église Saint-Sauveur'], 'religious_site', [49.1826, -0.3707]),
      place('b', ['Église du Vieux Saint-Sauveur'], 'religious_site', [49.1841, -0.3693]),
    ],
    [
      'a district and the museum named after it',
      place('a', ['Монмартр'], 'landmark', [48.8867, 2.3431]),
      place('b', ['Musée de Montmartre'], 'museum', [48.8878, 2.3405]),
    ],
    [
      'a square and its cathedral',
      place('a', ['La place de la cathédrale'], 'religious_site', [49.4402, 1.0939]),
      place('b', ['La cathédrale de Rouen'], 'religious_site', [49.44, 1.095]),
    ],
    [
      'two arboretums I and II',
      place('a', ['Fruit Tree Arboretum I'], 'park_garden', [3.14, 101.68]),
      place('b', ['Fruit Tree Arboretum II'], 'park_garden', [3.1415, 101.6823]),
    ],
    [
      'two museums listed by the same editors',
      place('a', ['Leopold Hoesch Museum'], 'museum', [50.80153, 6.47935], [WORLD('de')]),
      place('b', ['Leopold Hoesch Museum zur Papierherstellung'], 'museum', [50.80153, 6.47935], [WORLD('de')]),
    ],
    [
      'one name, a building 700 m away',
      place('a', ['Церковь Святого Микулаша'], 'religious_site', [50.0875, 14.4213]),
      place('b', ['Церковь святого Микулаша'], 'religious_site', [50.0875, 14.4115]),
    ],
    [
      'one name in two cities',
      { ...place('a', ['Rathaus'], 'landmark', [50, 8]), cityId: 'one' },
      { ...place('b', ['Rathaus'], 'landmark', [50, 8]), cityId: 'other' },
    ],
  ])('%s', (_, a, b) => {
    expect(same(a, b)).toBe(false)
    expect(same(b, a)).toBe(false)
  })
})

describe('namesMatch', () => {
  it('reads a Russian "дом" as a house and a German "Dom" as a cathedral', () => {
    expect(nameParts('Дом Кирсти').kinds).toEqual(new Set(['house']))
    expect(nameParts('Kölner Dom', ['koln']).kinds).toEqual(new Set(['church']))
    expect(namesMatch(nameParts('Дом Кирсти'), nameParts('Церковь Святого Креста'))).toBe(false)
  })

  it('drops words made from the city name', () => {
    expect(nameParts('Собор Парижской Богоматери', ['paris']).words).toEqual(['ourlady'])
    expect(nameParts('Hallescher Dom', ['halle']).words).toEqual([])
  })
})

describe('groupSameSights', () => {
  it('groups each sight once and never chains two different sights through a third', () => {
    const museum = place('museum', ['Musée du Louvre'], 'museum', [48.8606, 2.3376])
    const louvre = place('louvre', ['Louvre', 'Лувр'], 'museum', [48.8609, 2.3372])
    const again = place('again', ['Louvre Museum'], 'museum', [48.8611, 2.3369])
    const pyramid = place('pyramid', ['Pyramide du Louvre'], 'landmark', [48.861, 2.3358])
    const groups = groupSameSights([museum, louvre, again, pyramid].map((record) => prepareSight(record, 'Paris')))
    expect(groups.map((group) => group.map((record) => record.id))).toEqual([['museum', 'louvre', 'again'], ['pyramid']])
  })

  it('keeps a record out of a group when it is not the same sight as all of its members', () => {
    // The same name 1.2 km apart is one garden, and so is the other name 250 m away; but the other name
    // 1.45 km away is too far to be the first: the first stays on its own.
    const west = place('west', ['Kew Gardens'], 'park_garden', [51.48, -0.3])
    const east = place('east', ['Kew Gardens'], 'park_garden', [51.48, -0.28268])
    const royal = place('royal', ['Royal Botanic Gardens, Kew'], 'park_garden', [51.48, -0.27907])
    const prepared = [west, east, royal].map((record) => prepareSight(record, 'London'))
    expect(sameSight(prepared[0]!, prepared[1]!)).toBe(true)
    expect(sameSight(prepared[1]!, prepared[2]!)).toBe(true)
    expect(sameSight(prepared[0]!, prepared[2]!)).toBe(false)
    expect(groupSameSights(prepared).map((group) => group.map((record) => record.id))).toEqual([['west'], ['east', 'royal']])
  })
})

describe('otherSights: a day trip’s town after the city’s own days', () => {
  const sight = (id: string, name: string, city: string, cityId: string, at: [number, number]): Attraction => ({
    id,
    name,
    address: null,
    city,
    cityId,
    latitude: at[0],
    longitude: at[1],
    kind: 'castle_palace',
    themes: [],
    popularity: 0.9,
    visitMinutes: 60,
    opensAt: 540,
    closesAt: 1080,
    rating: null,
    reviewsCount: null,
  })

  it('never offers two places under one shown name: far apart, they still read as one sight twice', () => {
    const lisbon = sight('garden-1', 'Botanical Garden', 'Lisbon', 'lisbon', [38.7183, -9.1486])
    const ajuda = sight('garden-2', 'Botanical Garden', 'Lisbon', 'lisbon', [38.7062, -9.2006])
    const belem = sight('tower', 'Belém Tower', 'Lisbon', 'lisbon', [38.6916, -9.216])
    expect(distinctSights([lisbon, ajuda, belem]).map((place) => place.id)).toEqual(['garden-1', 'tower'])
    expect(otherSights([ajuda, belem], [lisbon]).map((place) => place.id)).toEqual(['tower'])
  })

  it('leaves out what the city planned from its own list, its name read in the city’s words, and keeps the town’s other sights', () => {
    const planned = [sight('lisbon-1', 'National Palace of Sintra', 'Lisbon', 'lisbon', [38.7977, -9.3906])]
    const town = [
      sight('sintra-1', 'National Palace of Sintra', 'Sintra', 'sintra', [38.7978, -9.3905]),
      sight('sintra-2', 'Monserrate Palace', 'Sintra', 'sintra', [38.7939, -9.4213]),
    ]
    expect(otherSights(town, planned).map((attraction) => attraction.id)).toEqual(['sintra-2'])
  })
})
