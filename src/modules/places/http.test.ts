import { Effect } from 'effect'
import { beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../test/app.ts'
import type { AppServices } from '../../app/layer.ts'
import type { Handler } from '../../platform/http.ts'
import { anySuggestions, citySuggestions, explore, searchAttraction, type PlaceResponse } from './http.ts'
import { importCatalogLines } from './import/importer.ts'
import { PlacesProvider } from './provider.ts'
import { PARIS_ID, fixtureLines } from './providers/catalog/test-catalog.ts'

const app = await testApp()

beforeAll(async () => {
  await importCatalogLines(app.db, fixtureLines())
})

const get = (handler: Handler<AppServices>, path: string) => app.call(handler, path)

describe('GET /api/places/google-places-autocomplete', () => {
  it('suggests cities as {description, types} with locality, and how many places each has to plan', async () => {
    const { status, body } = await get(citySuggestions, '/api/places/google-places-autocomplete?query=Pari')
    expect(status).toBe(200)
    expect(body.suggestions[0]).toEqual({ description: 'Paris, Île-de-France, France', types: ['locality', 'political'], places: 6 })
    expect(body.suggestions.length).toBeLessThanOrEqual(5)
    expect(body.suggestions[1]).toEqual({ description: 'Parintins, Amazonas, Brazil', types: ['locality', 'political'], places: 0 })
    const london = await get(citySuggestions, '/api/places/google-places-autocomplete?query=London')
    expect(london.body.suggestions.slice(0, 2)).toMatchObject([
      { description: 'London, City of London, United Kingdom', places: 2 },
      { description: 'London, Ontario, Canada', places: 0 },
    ])
  })

  it('answers an empty, missing or one-letter query with an empty list', async () => {
    for (const query of ['', '?query=', '?query=p', '?query=%20%20']) {
      const { status, body } = await get(citySuggestions, `/api/places/google-places-autocomplete${query}`)
      expect(status).toBe(200)
      expect(body).toEqual({ suggestions: [] })
    }
  })

  it('rejects an overlong query with 400', async () => {
    const { status, body } = await get(citySuggestions, `/api/places/google-places-autocomplete?query=${'a'.repeat(101)}`)
    expect(status).toBe(400)
    expect(body.error).toMatch(/query must be at most 100 characters/)
  })
})

describe('GET /api/places/google-places-autocomplete-any', () => {
  it('suggests cities and attractions', async () => {
    const { body } = await get(anySuggestions, '/api/places/google-places-autocomplete-any?query=louvre')
    expect(body.suggestions).toContainEqual({
      description: 'Louvre, Paris, France',
      types: ['museum', 'tourist_attraction', 'point_of_interest', 'establishment'],
    })
    const cities = await get(anySuggestions, '/api/places/google-places-autocomplete-any?query=london')
    expect(cities.body.suggestions[0].description).toBe('London, City of London, United Kingdom')
    expect(cities.body.suggestions.map((s: { description: string }) => s.description)).toContain('Tower of London, London, United Kingdom')
  })

  it('needs at least 2 characters', async () => {
    expect((await get(anySuggestions, '/api/places/google-places-autocomplete-any?query=l')).body).toEqual({ suggestions: [] })
  })
})

describe('GET /api/places/explore', () => {
  it("lists a city's places best first, then places of nearby cities marked with their own city", async () => {
    const { status, body } = await get(explore, '/api/places/explore?city=Paris')
    expect(status).toBe(200)
    const list: PlaceResponse[] = body.places
    const paris = list.filter((place) => place.city === 'Paris')
    expect(paris.map((place) => place.id)).toEqual(['t-eiffel', 't-louvre', 't-notre-dame', 't-orsay', 't-luxembourg', 't-moulin'])
    expect(list.slice(paris.length).map((place) => [place.name, place.city])).toEqual([
      ['Palace of Versailles', 'Versailles'],
      ['Basilique de Saint-Denis', 'Saint-Denis'],
    ])
    expect(list.some((place) => place.city === 'London')).toBe(false)
  })

  it('gives every place the fields the explore panel needs', async () => {
    const { body } = await get(explore, '/api/places/explore?city=Paris')
    const louvre = body.places.find((place: PlaceResponse) => place.id === 't-louvre')
    expect(louvre).toEqual({
      id: 't-louvre',
      name: 'Louvre',
      address: null,
      city: 'Paris',
      latitude: 48.8606,
      longitude: 2.3376,
      coordinates: { latitude: 48.8606, longitude: 2.3376 },
      categories: ['museum', 'tourist-attractions', 'cultural-historical', 'family-kid-friendly'],
      duration: 2,
      opening_hours: { open: '10:00', close: '18:00' },
      hours_known: false,
      rating: null,
      reviews_count: null,
    })
    const tower = body.places.find((place: PlaceResponse) => place.id === 't-eiffel')
    expect(tower.duration).toBe(1) // 45 minutes on the half-hour grid
    expect(tower.opening_hours).toEqual({ open: '00:00', close: '24:00' })
  })

  it('takes several comma-separated cities', async () => {
    const { body } = await get(explore, '/api/places/explore?city=Paris,%20London')
    const cities = new Set(body.places.map((place: PlaceResponse) => place.city))
    expect(cities).toEqual(new Set(['Paris', 'London', 'Versailles', 'Saint-Denis']))
    expect(body.places.findIndex((place: PlaceResponse) => place.city === 'London')).toBeLessThan(
      body.places.findIndex((place: PlaceResponse) => place.city === 'Versailles'),
    )
  })

  it('answers 422 naming an unknown city, and 400 without a city', async () => {
    const unknown = await get(explore, '/api/places/explore?city=Paris,Atlantis')
    expect(unknown.status).toBe(422)
    expect(unknown.body).toEqual({ error: 'Unknown city: "Atlantis"', message: 'Unknown city: "Atlantis"' })
    const two = await get(explore, '/api/places/explore?city=Atlantis,Lemuria')
    expect(two.body.error).toBe('Unknown cities: "Atlantis", "Lemuria"')
    for (const query of ['', '?city=', '?city=,,']) {
      const missing = await get(explore, `/api/places/explore${query}`)
      expect(missing.status).toBe(400)
      expect(missing.body.error).toMatch(/city is required/)
    }
    const many = await get(explore, `/api/places/explore?city=${Array.from({ length: 11 }, (_, i) => `c${i}`).join(',')}`)
    expect(many.status).toBe(400)
  })

  it('leaves out what is not a sight, which search still finds', async () => {
    const listed = {
      themes: [],
      popularity: 0.21,
      unesco: false,
      visit_minutes: 60,
      hours: { open: '09:00', close: '18:00' },
      source: 'test',
      license: 'CC0-1.0',
    }
    const line = (id: string, name: string, kind: string) =>
      JSON.stringify({
        id,
        name,
        names: { en: name },
        city: 'Paris',
        city_id: PARIS_ID,
        country: 'FR',
        region: 'Île-de-France',
        lat: 48.85,
        lon: 2.35,
        kind,
        ...listed,
      })
    const summary = await importCatalogLines(app.db, [
      line('t-golf', 'Paris Country Golf Club', 'sport_adventure'),
      line('t-rental', 'Rent a bike', 'landmark'),
    ])
    expect(summary.skipped).toBe(0)
    const { body } = await get(explore, '/api/places/explore?city=Paris')
    const ids = body.places.map((place: PlaceResponse) => place.id)
    expect(ids).toContain('t-louvre')
    expect(ids).not.toContain('t-golf')
    expect(ids).not.toContain('t-rental')
    const found = await get(searchAttraction, '/api/places/search-attraction?query=golf%20club&city=Paris')
    expect(found.body.results.map((place: PlaceResponse) => place.id)).toContain('t-golf')
  })

  it('gives an empty list for a known city without catalog places', async () => {
    const { status, body } = await get(explore, '/api/places/explore?city=Reykjavik')
    expect(status).toBe(200)
    expect(body).toEqual({ places: [] })
  })
})

describe('GET /api/places/search-attraction', () => {
  it('matches names without regard to accents or case, best match first', async () => {
    const { status, body } = await get(searchAttraction, '/api/places/search-attraction?query=MUSEE')
    expect(status).toBe(200)
    // Both have a name starting "Musée" ("Musée du Louvre" is the Louvre's French name): popularity decides.
    expect(body.results.map((place: PlaceResponse) => place.id)).toEqual(['t-louvre', 't-orsay'])
    const inside = await get(searchAttraction, '/api/places/search-attraction?query=ORSAY')
    expect(inside.body.results.map((place: PlaceResponse) => place.id)).toEqual(['t-orsay'])
  })

  it('searches every language variant of a name, and shows the English one', async () => {
    const russian = await get(searchAttraction, '/api/places/search-attraction?query=лувр')
    expect(russian.body.results.map((place: PlaceResponse) => place.name)).toEqual(['Louvre'])
    const french = await get(searchAttraction, `/api/places/search-attraction?query=${encodeURIComponent('château de vers')}`)
    expect(french.body.results.map((place: PlaceResponse) => place.name)).toEqual(['Palace of Versailles'])
  })

  it('narrows to a city and returns coordinates, city and duration', async () => {
    const { body } = await get(searchAttraction, '/api/places/search-attraction?query=tower&city=London')
    expect(body.results).toHaveLength(1)
    expect(body.results[0]).toMatchObject({ name: 'Tower of London', city: 'London', latitude: 51.5081, longitude: -0.0759, duration: 2 })
    const paris = await get(searchAttraction, `/api/places/search-attraction?query=tower&city=${encodeURIComponent('Paris, Île-de-France, France')}`)
    expect(paris.body.results.map((place: PlaceResponse) => place.id)).toEqual(['t-eiffel'])
  })

  it('treats LIKE wildcards as plain text', async () => {
    const { body } = await get(searchAttraction, '/api/places/search-attraction?query=%25')
    expect(body.results).toEqual([])
    expect((await get(searchAttraction, '/api/places/search-attraction?query=_')).body.results).toEqual([])
  })

  it('answers 400 without a query and 422 for an unknown city', async () => {
    const missing = await get(searchAttraction, '/api/places/search-attraction?city=Paris')
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('query is required')
    expect((await get(searchAttraction, '/api/places/search-attraction?query=%20')).status).toBe(400)
    const unknown = await get(searchAttraction, '/api/places/search-attraction?query=tower&city=Atlantis')
    expect(unknown.status).toBe(422)
    expect(unknown.body.error).toBe('Unknown city: "Atlantis"')
  })
})

describe('catalog adapter', () => {
  it('gives the itinerary generator every place of a city, best first, without invented ratings', async () => {
    const places = await app.run(PlacesProvider)
    const paris = await Effect.runPromise(places.resolveCity('Paris'))
    expect(paris.id).toBe(PARIS_ID)
    const all = await Effect.runPromise(places.attractionsIn(paris))
    expect(all).toHaveLength(6)
    expect(all.every((place) => place.cityId === PARIS_ID && place.rating === null && place.reviewsCount === null)).toBe(true)
    expect((await Effect.runPromise(places.attractionsIn(paris, { limit: 2 }))).map((place) => place.id)).toEqual(['t-eiffel', 't-louvre'])
  })

  it('uses a trigram index for name search when pg_trgm is installed', async () => {
    const index = await app.database.pool.query("SELECT indexname FROM pg_indexes WHERE tablename = 'attractions' AND indexname = 'attractions_search_trgm'")
    expect(index.rowCount).toBe(1)
  })
})
