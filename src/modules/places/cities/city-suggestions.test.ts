import fs from 'node:fs'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../../test/app.ts'
import { WORLD_CATALOG_FILE } from '../import/first-start.ts'
import { citySuggestions } from '../http.ts'
import { importCatalogLines } from '../import/importer.ts'

const PORTO = '1620356810'
const PORTLAND = '1840019941'
const PORTO_ALEGRE = '1076658221'
const PARIS = '1250015082'
const SEVILLA = '1724991838'

const app = await testApp()

beforeAll(async () => {
  // The shipped world catalog's own records of these cities, as a fresh install holds them.
  const wanted = new Set([PORTO, PORTLAND, PORTO_ALEGRE, PARIS, SEVILLA])
  const lines = zlib
    .gunzipSync(fs.readFileSync(WORLD_CATALOG_FILE))
    .toString('utf8')
    .split('\n')
    .filter((line) => line && wanted.has((JSON.parse(line) as { city_id: string }).city_id))
  await importCatalogLines(app.db, lines)
})

const suggest = async (query: string) => {
  const { body } = await app.call(citySuggestions, `/api/places/google-places-autocomplete?query=${encodeURIComponent(query)}`)
  return body.suggestions as Array<{ description: string; places: number }>
}

describe('city suggestions ranked with the catalog', () => {
  it('offers Porto first for "Port": a city with places to plan before Portland, Oregon, which has more people', async () => {
    const found = await suggest('Port')
    expect(found[0]).toMatchObject({ description: 'Porto, Portugal' })
    expect(found[0]!.places).toBeGreaterThan(0)
    expect(found.map((suggestion) => suggestion.description)).toContain('Portland, Oregon, United States')
  })

  it('offers Porto, Portugal before Porto Alegre for "Porto"', async () => {
    const found = await suggest('Porto')
    expect(found.slice(0, 2).map((suggestion) => suggestion.description)).toEqual(['Porto, Portugal', 'Porto Alegre, Rio Grande do Sul, Brazil'])
  })

  it('offers Paris, France first and Paris, Texas with its state and country', async () => {
    const found = await suggest('Paris')
    expect(found[0]).toMatchObject({ description: 'Paris, Île-de-France, France' })
    expect(found[0]!.places).toBeGreaterThan(100)
    expect(found).toContainEqual(expect.objectContaining({ description: 'Paris, Texas, United States', places: 0 }))
  })

  it('finds Sevilla for "Seville", without counting its one catalog record, a football club, as a place to plan', async () => {
    const found = await suggest('Seville')
    expect(found[0]).toMatchObject({ description: 'Sevilla, Andalusia, Spain', places: 0 })
  })
})
