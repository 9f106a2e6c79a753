import { beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../../test/app.ts'
import { importCatalogLines } from '../../places/import/importer.ts'
import { FAMOUS_SOURCE, famePopularity } from '../../places/sights/famous-sights.ts'
import { handleGenerate, handleReplan } from './http.ts'
import { catalogLine, testTrip as trip } from './test-catalog.ts'

/**
 * Ljubljana's sights as the reviewed data lists them: ten a first visit comes for, short ones in an old
 * town 400 m across, and eight lesser ones; Bled, 50 km away, with three famous sights of its own. Kyoto
 * stands for a city whose first-visit sights are spread out, with Nara's sights within reach.
 */
const LJUBLJANA = { id: '1705917455', country: 'SI', region: 'Ljubljana', lat: 46.0514, lon: 14.5061 }
const BLED = { id: '1705655016', country: 'SI', region: 'Radovljica', lat: 46.3688, lon: 14.114 }
const HALLSTATT = { id: 'roam-hallstatt-at', country: 'AT', region: 'Oberösterreich', lat: 47.5622, lon: 13.6493 }
const SALZBURG = { id: '1040312147', country: 'AT', region: 'Salzburg', lat: 47.8, lon: 13.045 }
const KYOTO = { id: '1392622735', country: 'JP', region: 'Kyōto', lat: 35.0117, lon: 135.7683 }
const NARA = { id: '1392520831', country: 'JP', region: 'Nara', lat: 34.6844, lon: 135.805 }
const SHORT = ['monument', 'religious_site', 'landmark', 'viewpoint'] as const

const reviewed = (city: string, info: typeof LJUBLJANA, fame: number, kind: (typeof SHORT)[number] | 'museum' | 'nature', spread: number) => {
  const line = JSON.parse(catalogLine(city, info, fame, kind, famePopularity(fame), spread))
  return JSON.stringify({ ...line, id: `${city}-${fame}`, name: `${city} sight ${fame}`, names: { en: `${city} sight ${fame}` }, source: FAMOUS_SOURCE })
}
const cityLines = (city: string, info: typeof LJUBLJANA, spread: number) => [
  ...Array.from({ length: 10 }, (_, k) => reviewed(city, info, k + 1, SHORT[k % SHORT.length]!, spread)),
  ...Array.from({ length: 8 }, (_, k) => reviewed(city, info, k + 11, k % 2 ? 'museum' : 'religious_site', spread)),
]
const townLines = (town: string, info: typeof BLED) => Array.from({ length: 3 }, (_, k) => reviewed(town, info, k + 1, k ? 'monument' : 'nature', 0.004))

const app = await testApp()
beforeAll(async () => {
  const summary = await importCatalogLines(app.db, [
    ...cityLines('Ljubljana', LJUBLJANA, 0.003),
    ...townLines('Bled', BLED),
    ...cityLines('Kyoto', KYOTO, 0.025),
    ...townLines('Nara', NARA),
    // A small town of five famous sights, two of them long visits (its salt mine, a mountain), and a city
    // within reach with lesser places enough for a day.
    ...[150, 240, 90, 60, 60].map((minutes, k) =>
      JSON.stringify({ ...JSON.parse(reviewed('Hallstatt', HALLSTATT, k + 1, 'museum', 0.004)), visit_minutes: minutes }),
    ),
    ...Array.from({ length: 6 }, (_, k) => catalogLine('Salzburg', SALZBURG, k, SHORT[k % SHORT.length]!, 0.4, 0.004)),
  ])
  expect(summary.skipped).toBe(0)
})

const generate = (body: unknown) => app.call(handleGenerate, '/api/itinerary/generate', { body })
type Day = { day_trip?: string; places: Array<{ name: string }> }
const names = (days: Day[]) => days.flatMap((day) => day.places.map((place) => place.name))
const firstVisit = (city: string) => Array.from({ length: 10 }, (_, k) => `${city} sight ${k + 1}`)

describe('a day given to a famous place within reach', () => {
  it('spends the third day of a compact city at the famous town nearby once two days hold its first-visit sights', async () => {
    const { status, body } = await generate(trip({ destinations: ['Ljubljana'], start_date: '2027-05-03', end_date: '2027-05-05' }))
    expect(status).toBe(200)
    const days: Day[] = body.itinerary
    expect(days.map((day) => day.day_trip ?? null)).toEqual([null, null, 'Bled'])
    expect(names(days.slice(0, 2))).toEqual(expect.arrayContaining(firstVisit('Ljubljana')))
    expect(names(days.slice(2))).toContain('Bled sight 1')
  })

  it('keeps the day trip when the traveller re-plans, a lock on the town’s day and all', async () => {
    const request = trip({ destinations: ['Ljubljana'], start_date: '2027-05-03', end_date: '2027-05-05' })
    const planned: Day[] = (await generate(request)).body.itinerary
    const current = planned.map((day, index) => ({ ...day, places: day.places.map((place, k) => ({ ...place, locked: index === 2 && k === 0 })) }))
    const { status, body } = await app.call(handleReplan, '/api/itinerary/replan', { body: { ...request, pace: 'fast-paced', editableItinerary: current } })
    expect(status).toBe(200)
    const days: Day[] = body.itinerary
    expect(days.map((day) => day.day_trip ?? null)).toEqual([null, null, 'Bled'])
    const lock = planned[2]!.places[0]! as { name: string; start_time: number }
    expect(days[2]!.places).toContainEqual(expect.objectContaining({ name: lock.name, start_time: lock.start_time, locked: true }))
  })

  it('plans a small town’s own famous sights before a day trip, however few they are', async () => {
    const { body } = await generate(trip({ origin_city: 'Linz', destinations: ['Hallstatt'], start_date: '2027-05-03', end_date: '2027-05-04' }))
    const days: Day[] = body.itinerary
    expect(days.map((day) => day.day_trip ?? null)).toEqual([null, null])
    expect(names(days)).toEqual(expect.arrayContaining(Array.from({ length: 5 }, (_, k) => `Hallstatt sight ${k + 1}`)))
  })

  it('keeps a two-day stay in the city', async () => {
    const { body } = await generate(trip({ destinations: ['Ljubljana'], start_date: '2027-05-03', end_date: '2027-05-04' }))
    expect(body.itinerary.map((day: Day) => day.day_trip ?? null)).toEqual([null, null])
  })

  it('keeps every day in a city whose first-visit sights are spread over it', async () => {
    // Two days would hold them all: the sights' spread, not their number, keeps the third day in town.
    const two = await generate(trip({ origin_city: 'Osaka', destinations: ['Kyoto'], start_date: '2027-05-03', end_date: '2027-05-04' }))
    expect(names(two.body.itinerary)).toEqual(expect.arrayContaining(firstVisit('Kyoto')))
    const { body } = await generate(trip({ origin_city: 'Osaka', destinations: ['Kyoto'], start_date: '2027-05-03', end_date: '2027-05-05' }))
    expect(body.itinerary.map((day: Day) => day.day_trip ?? null)).toEqual([null, null, null])
  })
})
