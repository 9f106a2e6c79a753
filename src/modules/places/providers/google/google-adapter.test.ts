import { Effect, Exit, Layer } from 'effect'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../../../test/database.ts'
import { HttpStatus } from '../../../../platform/errors.ts'
import { respond, type ApiRequest } from '../../../../platform/http.ts'
import { createLogger } from '../../../../platform/logging.ts'
import { resolveCity } from '../../cities/cities.ts'
import { startFakeGooglePlaces } from './fake-google-places.ts'
import { ATTRACTION_TYPE_GROUPS, googlePlaces } from './google-adapter.ts'
import { citySuggestions, explore, ONLINE_LOOKUPS_PER_ADDRESS, searchAttraction } from '../../http.ts'
import { Database } from '../../../../platform/database.ts'
import { RateLimits } from '../../../../platform/rate-limits.ts'
import { PlacesProvider, PlacesUnavailable, type PlacesProviderShape } from '../../provider.ts'
import { GOOGLE_API_KEY, GOOGLE_CITIES, GOOGLE_PLACES } from './test-google-fixture.ts'

const database = await freshDatabase()
const fake = await startFakeGooglePlaces({ apiKey: GOOGLE_API_KEY, places: GOOGLE_PLACES, cities: GOOGLE_CITIES })
afterAll(() => fake.close())

const adapter = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  googlePlaces({
    apiKey: options.apiKey ?? GOOGLE_API_KEY,
    db: database.db,
    baseUrl: fake.baseUrl,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  })
const paris = resolveCity('Paris')!
const calls = (endpoint: string) => fake.requests.filter((request) => request.endpoint === endpoint)

async function failure(effect: Effect.Effect<unknown, unknown>): Promise<PlacesUnavailable> {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) throw new Error('expected a failure')
  const reason = exit.cause.reasons.find((candidate) => candidate._tag === 'Fail')
  if (!reason || reason._tag !== 'Fail' || !(reason.error instanceof PlacesUnavailable)) throw new Error('expected PlacesUnavailable')
  return reason.error
}

/** Answers a request with a places endpoint running on the given adapter. */
async function serve(
  provider: PlacesProviderShape,
  handler: (request: ApiRequest) => Effect.Effect<Response, unknown, PlacesProvider | RateLimits>,
  path: string,
  clientAddress = '127.0.0.1',
) {
  const url = new URL(path, 'http://roam.test')
  const program = handler({ request: new Request(url), url, params: {}, clientAddress }).pipe(
    Effect.provideService(PlacesProvider, provider),
    Effect.provide(RateLimits.layer.pipe(Layer.provide(Database.layer(database.db)))),
  )
  return respond(await Effect.runPromiseExit(program), createLogger('silent'))
}

beforeEach(async () => {
  fake.requests.length = 0
  fake.delayMs = 0
  await database.pool.query('DELETE FROM places_api_cache')
})

describe('google adapter', () => {
  it('sends the key and a field mask naming only the fields it maps', async () => {
    await Effect.runPromise(adapter().attractionsIn(paris))
    const nearby = calls('places:searchNearby')
    expect(nearby).toHaveLength(ATTRACTION_TYPE_GROUPS.length)
    for (const request of nearby) {
      expect(request.apiKey).toBe(GOOGLE_API_KEY)
      expect(request.fieldMask!.split(',').sort()).toEqual(
        [
          'places.displayName',
          'places.formattedAddress',
          'places.id',
          'places.location',
          'places.primaryType',
          'places.rating',
          'places.regularOpeningHours',
          'places.types',
          'places.userRatingCount',
        ].sort(),
      )
      expect(request.body).toMatchObject({ maxResultCount: 20, rankPreference: 'POPULARITY' })
      expect(request.body.locationRestriction.circle.center).toEqual({ latitude: paris.latitude, longitude: paris.longitude })
    }
    await Effect.runPromise(adapter().autocompleteCities('pari'))
    const [autocomplete] = calls('places:autocomplete')
    expect(autocomplete!.fieldMask).toBe('suggestions.placePrediction.placeId,suggestions.placePrediction.text.text,suggestions.placePrediction.types')
    expect(autocomplete!.body).toMatchObject({ input: 'pari', includedPrimaryTypes: ['(cities)'] })
  })

  it('answers a repeated request from the PostgreSQL cache without calling Google again', async () => {
    const first = await Effect.runPromise(adapter().searchAttractions('louvre', paris))
    // A second adapter (another app process) shares the cache.
    const second = await Effect.runPromise(adapter().searchAttractions('louvre', paris))
    expect(second).toEqual(first)
    expect(calls('places:searchText')).toHaveLength(1)
    await Effect.runPromise(adapter().searchAttractions('orsay', paris))
    expect(calls('places:searchText')).toHaveLength(2)
  })

  it('asks Google again once a cached answer is older than a day', async () => {
    await Effect.runPromise(adapter().autocompleteAny('eiffel'))
    await database.pool.query("UPDATE places_api_cache SET fetched_at = now() - interval '25 hours'")
    await Effect.runPromise(adapter().autocompleteAny('eiffel'))
    expect(calls('places:autocomplete')).toHaveLength(2)
  })

  it('gives a clear 504 when Google does not answer in time', async () => {
    fake.delayMs = 400
    const error = await failure(adapter({ timeoutMs: 100 }).searchAttractions('louvre'))
    expect(error[HttpStatus]).toBe(504)
    expect(error.message).toBe('Google Places did not answer places:searchText within 100 ms')
    const response = await serve(adapter({ timeoutMs: 100 }), searchAttraction, '/api/places/search-attraction?query=louvre')
    expect(response.status).toBe(504)
    expect((await response.json()).error).toMatch(/did not answer/)
  })

  it('turns an upstream error into a 502 without passing Google’s message on', async () => {
    const error = await failure(adapter({ apiKey: 'wrong-key' }).searchAttractions('louvre'))
    expect(error[HttpStatus]).toBe(502)
    expect(error.message).toBe('Google Places answered places:searchText with HTTP 403')
    expect(await database.pool.query('SELECT count(*)::int AS n FROM places_api_cache').then((r) => r.rows[0].n)).toBe(0)
  })

  it('keeps rating and review count null when Google has none, and passes them on when it has', async () => {
    const all = await Effect.runPromise(adapter().attractionsIn(paris))
    const garden = all.find((place) => place.name === 'Jardin du Luxembourg')!
    expect(garden).toMatchObject({ rating: null, reviewsCount: null, kind: 'park_garden', opensAt: 360, closesAt: 1260 })
    const louvre = all.find((place) => place.name === 'Louvre Museum')!
    expect(louvre).toMatchObject({ rating: 4.7, reviewsCount: 310_000, kind: 'museum', opensAt: 540, closesAt: 1080, address: '75001 Paris, France' })
    const tower = all.find((place) => place.name === 'Eiffel Tower')!
    expect(tower).toMatchObject({ opensAt: 570, closesAt: 1440 })
  })

  it('serves the explore endpoint with Google ratings', async () => {
    const response = await serve(adapter(), explore, '/api/places/explore?city=Paris')
    const body = await response.json()
    expect(response.status).toBe(200)
    const louvre = body.places.find((place: { name: string }) => place.name === 'Louvre Museum')
    expect(louvre).toMatchObject({ rating: 4.7, reviews_count: 310_000, city: 'Paris', duration: 2 })
    expect(body.places.find((place: { name: string }) => place.name === 'Jardin du Luxembourg')).toMatchObject({ rating: null, reviews_count: null })
  })

  it('counts every lookup of an address against its allowance before calling Google, so nobody spends the quota alone', async () => {
    const provider = adapter()
    const lookup = () => serve(provider, citySuggestions, '/api/places/google-places-autocomplete?query=Lisb', '198.51.100.77')
    for (let i = 0; i < ONLINE_LOOKUPS_PER_ADDRESS.points; i++) expect((await lookup()).status).toBe(200)
    const refused = await lookup()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await refused.json()).message).toMatch(/^Too many place searches\. Please try again in \d+ seconds\.$/)
    // Another address is served.
    expect((await serve(provider, citySuggestions, '/api/places/google-places-autocomplete?query=Lisb', '198.51.100.78')).status).toBe(200)
  })

  it('does not call Google for a query shorter than 2 characters', async () => {
    expect(await Effect.runPromise(adapter().autocompleteCities('p'))).toEqual([])
    expect(fake.requests).toHaveLength(0)
  })
})
