import { describe, expect, it } from 'vitest'
import { foldText } from '../domain.ts'
import { FAMOUS_SOURCE } from './famous-sights.ts'
import { groupCityRows, nameSourcesOf, NO_READABLE_NAME, TRANSLITERATED_RANK, type SightRow } from './sight-groups.ts'

const row = (overrides: Partial<SightRow> & Pick<SightRow, 'id' | 'name'>): SightRow => ({
  names: {},
  name_latin: null,
  city_id: 'paris',
  country: 'FR',
  kind: 'religious_site',
  latitude: 48.853,
  longitude: 2.35,
  popularity: 0.5,
  unesco: false,
  source: 'wikivoyage-2016',
  editions: ['fr'],
  ...overrides,
})

describe('groupCityRows', () => {
  it('makes the records of one sight one place under the most popular record, showing the English name, every name an alias', () => {
    const rows = [
      row({
        id: 'wv-notre-dame',
        name: 'Notre-Dame de Paris',
        names: { fr: 'Notre-Dame de Paris', ru: 'Собор Парижской Богоматери' },
        popularity: 0.617,
        editions: ['fr', 'ru'],
      }),
      row({
        id: 'demo-notre-dame',
        name: 'Notre-Dame Cathedral',
        names: { en: 'Notre-Dame Cathedral' },
        popularity: 0.94,
        source: 'roam-demo',
        editions: null,
      }),
      row({ id: 'wv-pantheon', name: 'Panthéon', names: { fr: 'Panthéon' }, latitude: 48.8462, longitude: 2.3458, popularity: 0.4 }),
    ]
    const fields = groupCityRows(rows, 'Paris')
    expect(fields).toHaveLength(3)
    expect(fields.find((field) => field.id === 'demo-notre-dame')).toEqual({
      id: 'demo-notre-dame',
      merged_into: null,
      shown_name: 'Notre-Dame Cathedral',
      aliases: ['Notre-Dame de Paris', 'Собор Парижской Богоматери'],
      // Listed by three sources: its best popularity plus a little for each further one, at most 1.
      rank: 1,
      search_text: ['Notre-Dame Cathedral', 'Notre-Dame de Paris', 'Собор Парижской Богоматери'].map(foldText).join('\n'),
      left_out: null,
    })
    expect(fields.find((field) => field.id === 'wv-notre-dame')).toMatchObject({ merged_into: 'demo-notre-dame', shown_name: null, rank: null })
    expect(fields.find((field) => field.id === 'wv-pantheon')).toMatchObject({ merged_into: null, shown_name: 'Panthéon', aliases: [], rank: 0.4 })
  })

  it('leaves out of plans what is not a sight and what has no name a traveller can read, never a reviewed sight', () => {
    const fields = groupCityRows(
      [
        row({
          id: 'library',
          name: 'Perpustakaan Kota Yogyakarta',
          names: { en: 'Perpustakaan Kota Yogyakarta' },
          country: 'ID',
          kind: 'landmark',
          popularity: 0.21,
        }),
        row({ id: 'golf', name: 'Jakarta Golf Club', names: { en: 'Jakarta Golf Club' }, country: 'ID', kind: 'sport_adventure', popularity: 0.09 }),
        row({ id: 'bridge', name: 'Часовенный мост', names: { ru: 'Часовенный мост' }, country: 'CH', popularity: 0.3 }),
        row({ id: 'kraton', name: 'Kraton', names: { en: 'Kraton' }, country: 'ID', popularity: 0.4 }),
        row({ id: 'reviewed', name: 'Central Library', names: { en: 'Central Library' }, country: 'ID', popularity: 0.9, source: FAMOUS_SOURCE }),
      ],
      'Yogyakarta',
    )
    const leftOut = Object.fromEntries(fields.map((field) => [field.id, field.left_out]))
    expect(leftOut).toEqual({ library: 'library', golf: 'club or team', bridge: NO_READABLE_NAME, kraton: null, reviewed: null })
  })

  it('ranks a place that only has a machine transliteration a little lower', () => {
    const [field] = groupCityRows(
      [row({ id: 'wv-bercy', name: 'Берси', names: { ru: 'Берси' }, name_latin: 'Bersi', kind: 'park_garden', popularity: 0.3 })],
      'Paris',
    )
    expect(field).toMatchObject({ shown_name: 'Bersi', aliases: ['Берси'], rank: Math.round(0.3 * TRANSLITERATED_RANK * 1000) / 1000 })
  })

  it('shows a Russian-only place outside Russian-speaking countries under an English rendering, at full rank', () => {
    const [field] = groupCityRows(
      [row({ id: 'wv-bercy', name: 'Парк Берси', names: { ru: 'Парк Берси' }, name_latin: 'Park Bersi', kind: 'park_garden', popularity: 0.3 })],
      'Paris',
    )
    expect(field).toMatchObject({ shown_name: 'Bersi Park', aliases: ['Парк Берси', 'Park Bersi'], rank: 0.3 })
  })
})

describe('nameSourcesOf', () => {
  it("gives the catalog's display name the language of the variant it extends, and a renamed UNESCO record English", () => {
    expect(nameSourcesOf(row({ id: 'a', name: 'Rathaus (Bad Kissingen)', names: { de: 'Rathaus' } }))[0]).toEqual({
      text: 'Rathaus (Bad Kissingen)',
      language: 'de',
    })
    expect(nameSourcesOf(row({ id: 'b', name: 'Cologne Cathedral', names: { de: 'Kölner Dom' }, unesco: true }))[0]).toEqual({
      text: 'Cologne Cathedral',
      language: 'en',
    })
    expect(nameSourcesOf(row({ id: 'c', name: 'Колизей', names: { ru: 'Колизей' }, name_latin: 'Kolizey' })).at(-1)).toEqual({
      text: 'Kolizey',
      transliterated: true,
    })
  })
})

describe('reviewed sights (the famous-sights supplement)', () => {
  const sight = (overrides: Partial<SightRow> & Pick<SightRow, 'id' | 'name'>) =>
    row({ source: 'roam-sights', editions: null, names: { en: overrides.name }, popularity: 0.96, ...overrides })

  it('take in the catalog records a reviewer linked, whatever their names, and show the English name', () => {
    const fields = groupCityRows(
      [
        sight({ id: 'fs-charles', name: 'Charles Bridge', kind: 'landmark', same_as: ['wv-karlov'], latitude: 50.0865, longitude: 14.4114 }),
        row({
          id: 'wv-karlov',
          name: 'Карлов мост',
          names: { ru: 'Карлов мост' },
          kind: 'landmark',
          latitude: 50.08646,
          longitude: 14.41161,
          popularity: 0.45,
        }),
      ],
      'Prague',
    )
    expect(fields.find((field) => field.id === 'fs-charles')).toMatchObject({
      merged_into: null,
      shown_name: 'Charles Bridge',
      aliases: ['Карлов мост'],
      rank: 0.96,
    })
    expect(fields.find((field) => field.id === 'wv-karlov')).toMatchObject({ merged_into: 'fs-charles' })
  })

  it('lead a group the matcher made, and two reviewed sights are never one place', () => {
    const fields = groupCityRows(
      [
        sight({ id: 'fs-a', name: 'Notre-Dame Cathedral', popularity: 0.5 }),
        sight({ id: 'fs-b', name: 'Notre Dame Cathedral Treasury', popularity: 0.5 }),
        row({ id: 'wv-nd', name: 'Cathédrale Notre-Dame', names: { fr: 'Cathédrale Notre-Dame', en: 'Notre-Dame Cathedral' }, popularity: 0.9 }),
      ],
      'Paris',
    )
    expect(fields.find((field) => field.id === 'fs-a')).toMatchObject({ merged_into: null })
    expect(fields.find((field) => field.id === 'fs-b')).toMatchObject({ merged_into: null })
    expect(fields.find((field) => field.id === 'wv-nd')).toMatchObject({ merged_into: 'fs-a' })
  })
})
