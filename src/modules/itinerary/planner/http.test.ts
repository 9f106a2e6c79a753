import { beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../../test/app.ts'
import { importCatalogLines } from '../../places/import/importer.ts'
import { Effect } from 'effect'
import { PlacesProvider } from '../../places/provider.ts'
import { daysPossible } from './rules.ts'
import { handleGenerate } from './http.ts'
import { catalogLine, catalogLines, lisbonAndSintraLines, testTrip as trip } from './test-catalog.ts'

/** Lyon: ten daytime sights and ten bars, none of them within a day trip of another catalog town. */
const LYON = { id: '1250196189', country: 'FR', region: 'Auvergne-Rhône-Alpes', lat: 45.76, lon: 4.84 }
const lyonLines = () =>
  Array.from({ length: 20 }, (_, i) =>
    catalogLine(
      'Lyon',
      LYON,
      i,
      i < 10 ? (['museum', 'monument', 'historic_site', 'park_garden', 'landmark'] as const)[i % 5]! : 'nightlife',
      0.9 - i / 50,
      0.01,
    ),
  )

/** Ushuaia: seven daytime sights, more than a day holds and too few for two full ones, no town within reach. */
const USHUAIA = { id: '1032847885', country: 'AR', region: 'Tierra del Fuego', lat: -54.8, lon: -68.3 }
const ushuaiaLines = () =>
  Array.from({ length: 7 }, (_, i) =>
    catalogLine('Ushuaia', USHUAIA, i, (['museum', 'monument', 'historic_site', 'park_garden', 'landmark'] as const)[i % 5]!, 0.9 - i / 50, 0.01),
  )

const app = await testApp()
beforeAll(async () => {
  const summary = await importCatalogLines(app.db, [...catalogLines(), ...lyonLines(), ...ushuaiaLines(), ...lisbonAndSintraLines()])
  expect(summary.skipped).toBe(0)
})

const generate = (body: unknown) => app.call(handleGenerate, '/api/itinerary/generate', { body })

describe('POST /api/itinerary/generate', () => {
  it('plans every day of the trip, city by city, with every Place field', async () => {
    const { status, body } = await generate(trip())
    expect(status).toBe(200)
    expect(body.daysPerCity).toEqual({ Paris: 3, Rome: 2 })
    expect(body.itinerary.map((day: any) => [day.day, day.date, day.city])).toEqual([
      [1, '2026-12-01', 'Paris'],
      [2, '2026-12-02', 'Paris'],
      [3, '2026-12-03', 'Paris'],
      [4, '2026-12-04', 'Rome'],
      [5, '2026-12-05', 'Rome'],
    ])
    const place = body.itinerary[0].places[0]
    expect(Object.keys(place).sort()).toEqual(
      [
        'address',
        'categories',
        'city',
        'coordinates',
        'id',
        'latitude',
        'longitude',
        'name',
        'opening_hours',
        'rating',
        'reviews_count',
        'start_time',
        'travel_time_from_previous',
        'visit_duration',
      ].sort(),
    )
    expect(place.rating).toBeNull()
    expect(place.reviews_count).toBeNull()
    // The made-up catalog's hours are its kinds' typical windows, on each of the city's dates.
    expect(place.opening_hours.known).toBe(false)
    expect(Object.keys(place.opening_hours.dates)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03'])
    const all = body.itinerary.flatMap((day: any) => day.places)
    expect(new Set(all.map((p: any) => p.id)).size).toBe(all.length)
    for (const p of all) {
      expect(Number.isInteger(p.start_time * 2)).toBe(true)
      expect(Number.isInteger(p.visit_duration * 2)).toBe(true)
      expect(p.start_time + p.visit_duration).toBeLessThanOrEqual(24)
    }
    for (const day of body.itinerary) expect(day.places.every((p: any) => p.city === day.city && p.id.startsWith(`test-${day.city}`))).toBe(true)
  })

  it('gives the same itinerary for the same request', async () => {
    const first = await generate(trip())
    const second = await generate(trip())
    expect(second.body).toEqual(first.body)
  })

  it('follows daysPerCity when given', async () => {
    const { body } = await generate(trip({ daysPerCity: { Paris: 1, Rome: 4 } }))
    expect(body.itinerary.map((day: any) => day.city)).toEqual(['Paris', 'Rome', 'Rome', 'Rome', 'Rome'])
  })

  it('takes a full suggestion as a destination and names the day by its city', async () => {
    const { status, body } = await generate(trip({ destinations: ['Paris, Île-de-France, France', 'Rome'] }))
    expect(status).toBe(200)
    expect(body.daysPerCity).toEqual({ Paris: 3, Rome: 2 })
    expect(body.itinerary[0].city).toBe('Paris')
  })

  it('answers an unknown city with 422 naming it', async () => {
    const { status, body } = await generate(trip({ destinations: ['Paris', 'Atlantis Prime'] }))
    expect(status).toBe(422)
    expect(body.error).toContain('Atlantis Prime')
  })

  it('never refuses a city with too few places: its other days are day trips or free time, and the traveller is told why', async () => {
    const { status, body } = await generate(trip({ destinations: ['Rouen'], end_date: '2026-12-04' }))
    expect(status).toBe(200)
    expect(body.itinerary).toHaveLength(4)
    const spare = body.itinerary.filter((day: { day_trip?: string; free_time?: string }) => day.day_trip || day.free_time)
    expect(spare.length).toBeGreaterThan(0)
    for (const day of body.itinerary) if (day.free_time) expect(day.places).toEqual([])
    if (body.itinerary.some((day: { free_time?: string }) => day.free_time))
      expect(body.notices.join(' ')).toMatch(
        /^Rouen has \d+ places? to visit: days? .* free time\. Give Rouen fewer days, or add a nearby town as a destination\./,
      )
  })

  it('starts day 1 after the journey from the origin and a move day after the ride, and says both on the day', async () => {
    const { status, body } = await generate(trip())
    expect(status).toBe(200)
    const [paris, , , rome] = body.itinerary
    // London → Paris, 344 km: by train or road at 90 km/h and a quarter of an hour, setting off at 08:00.
    expect(paris.journey).toBe('Arrive from London around 12:30 (by train or road, about 4 h; an estimate)')
    // The arrival goes with the day, so that an edit puts nothing before it.
    expect(paris.arrives_at).toBe(12.5)
    expect(paris.places[0].start_time).toBeGreaterThanOrEqual(12.5)
    // Paris → Rome, 1,100 km: by air, with three hours for the airports, from the start of the day (09:00).
    expect(rome.journey).toBe('Paris → Rome by air, about 4 h')
    expect(rome.places[0].start_time).toBeGreaterThanOrEqual(13.5)
    expect(body.itinerary[1].journey).toBeUndefined()
  })

  it('starts and ends every day of a city where the traveller stays, and refuses a place to stay far from its city', async () => {
    const stay = { name: 'Hôtel du Louvre', latitude: 48.8631, longitude: 2.3356 }
    const { status, body } = await generate(trip({ stays: { Paris: stay } }))
    expect(status).toBe(200)
    const paris = body.itinerary.filter((day: { city: string }) => day.city === 'Paris')
    for (const day of paris) expect(day.base).toEqual({ latitude: stay.latitude, longitude: stay.longitude })
    const rome = body.itinerary.find((day: { city: string }) => day.city === 'Rome')
    expect(rome.base).not.toEqual({ latitude: stay.latitude, longitude: stay.longitude })
    const far = await generate(trip({ stays: { Paris: { name: 'Lyon station', latitude: 45.76, longitude: 4.86 } } }))
    expect(far.status).toBe(400)
    expect(far.body.error).toBe('Lyon station is 393 km from Paris: choose where you stay in or near Paris.')
  })

  it('gives no day free time while a sight of the city waits: the places a full day left over fill the next day', async () => {
    const { status, body } = await generate(
      // From Ushuaia itself: no journey takes the start of the first day.
      trip({ origin_city: 'Ushuaia', destinations: ['Ushuaia'], trip_types: ['tourist-attractions', 'cultural-historical'], end_date: '2026-12-03' }),
    )
    expect(status).toBe(200)
    const days = body.itinerary as Array<{ places: Array<{ id: string }>; free_time?: string }>
    const planned = new Set(days.flatMap((day) => day.places.map((place) => place.id)))
    expect(planned.size).toBe(7)
    expect(days[0]!.places.length).toBeGreaterThanOrEqual(4)
    expect(days[1]!.places.length).toBeGreaterThan(0)
  })

  it('counts only the places a trip has time for: without the Nightlife theme, bars do not make thin days', async () => {
    const { status, body } = await generate(
      trip({ destinations: ['Lyon'], trip_types: ['tourist-attractions', 'cultural-historical'], end_date: '2026-12-04' }),
    )
    expect(status).toBe(200)
    // Its ten sights fill the four days (the leftovers of two full days after them); no bar is planned to fill a day.
    const places = body.itinerary.flatMap((day: { places: Array<{ id: string; categories: string[] }> }) => day.places)
    expect(new Set(places.map((place: { id: string }) => place.id)).size).toBe(10)
    expect(places.filter((place: { categories: string[] }) => place.categories[0] === 'nightlife')).toEqual([])
    expect(body.itinerary.filter((day: { places: unknown[] }) => day.places.length >= 4).length).toBeGreaterThanOrEqual(2)
  })

  it('plans a sight once: a day trip to a town leaves out what the city’s own days already planned from their list', async () => {
    const { status, body } = await generate(trip({ destinations: ['Lisbon'], pace: 'moderate', start_date: '2027-05-03', end_date: '2027-05-06' }))
    expect(status).toBe(200)
    const names: string[] = body.itinerary.flatMap((day: { places: Array<{ name: string }> }) => day.places.map((place) => place.name))
    expect(names).toContain('Pena Palace')
    expect(body.itinerary.some((day: { day_trip?: string }) => day.day_trip === 'Sintra')).toBe(true)
    expect(names.filter((name) => name === 'Pena Palace')).toHaveLength(1)
  })

  it('plans every day asked for, as long as the city suggestion says its places allow (3 a day) and one more with what is left, a day trip or free time', async () => {
    const places = await app.run(PlacesProvider)
    const [rome] = await Effect.runPromise(places.autocompleteCities('Rome, Lazio'))
    expect(rome).toMatchObject({ description: 'Rome, Lazio, Italy', places: 30 })
    const most = daysPossible(rome!.places!, 'moderate')
    expect(most).toBe(10)
    const fits = await generate(trip({ destinations: ['Rome'], start_date: '2026-12-01', end_date: '2026-12-10' }))
    expect(fits.status).toBe(200)
    expect(fits.body.itinerary).toHaveLength(most)
    const longer = await generate(trip({ destinations: ['Rome'], start_date: '2026-12-01', end_date: '2026-12-11' }))
    expect(longer.status).toBe(200)
    expect(longer.body.itinerary).toHaveLength(11)
    // The day beyond: the city's places left over, a day trip, or free time that says why; never a silent empty day.
    const last = longer.body.itinerary[10]
    expect(last.places.length > 0 || Boolean(last.day_trip) || Boolean(last.free_time)).toBe(true)
  })

  it.each([
    [{ end_date: '2026-11-20' }, /end date/],
    [{ end_date: '2027-03-01' }, /at most 60 days/],
    [{ trip_types: ['volcano-surfing'] }, /Unknown trip theme/],
    [{ pace: 'sprint' }, /Unknown pace/],
    [{ daysPerCity: { Paris: 1, Rome: 1 } }, /adds up to 2 days/],
    [{ destinations: 'Paris' }, /destinations/],
  ])('rejects %o with 400 and a clear message', async (overrides, message) => {
    const { status, body } = await generate(trip(overrides))
    expect(status).toBe(400)
    expect(body.error).toMatch(message)
  })
})

describe('generation limits', () => {
  it('allows an office behind one address 30 generations a minute, then answers 429 with Retry-After', async () => {
    const clientAddress = '198.51.100.30'
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const answer = await app.call(handleGenerate, '/api/itinerary/generate', { body: trip({ pace: 'sprint' }), clientAddress })
      statuses.push(answer.status)
      if (answer.status === 429) {
        expect(answer.body.error).toMatch(/^Too many itineraries requested\. Please try again in \d+ seconds\.$/)
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400))
    expect(statuses[30]).toBe(429)
  })
})
