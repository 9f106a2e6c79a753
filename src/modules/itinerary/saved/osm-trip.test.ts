/**
 * A trip planned through PLACES_PROVIDER=osm, the whole app against local fakes of Overpass and Wikidata:
 * every visit lies inside its place's real opening hours on its date, a place closed on a date is not
 * planned that day, and when Overpass fails the plan comes from the offline catalog with a notice.
 */
import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../../test/app.ts'
import { resolveCity } from '../../places/cities/cities.ts'
import { startFakeOverpass } from '../../places/providers/osm/fake-overpass.ts'
import { startFakeWikidata } from '../../places/providers/osm/fake-wikidata.ts'
import { importCatalogLines } from '../../places/import/importer.ts'
import { isOpenFor, hoursOn } from '../../places/opening-hours.ts'
import { fallbackNotice } from '../../places/providers/osm/osm-adapter.ts'
import { toAttractions } from '../../places/providers/osm/osm-mapping.ts'
import { fixtureLines } from '../../places/providers/catalog/test-catalog.ts'
import { MORE_PARIS_MUSEUMS, OSM_ELEMENTS, WIKIDATA_SITELINKS } from '../../places/providers/osm/test-osm-fixture.ts'
import { documentOf, SaveBody } from '../planner/document.ts'
import { handleGenerate } from '../planner/http.ts'
import { OSM_ATTRIBUTION } from '../planner/place-hours.ts'
import { sharedItinerary } from './views.ts'

const ELEMENTS = [...OSM_ELEMENTS, ...MORE_PARIS_MUSEUMS]
const SITELINKS = WIKIDATA_SITELINKS

const overpass = await startFakeOverpass(ELEMENTS)
const wikidata = await startFakeWikidata(SITELINKS)
afterAll(() => Promise.all([overpass.close(), wikidata.close()]))
const app = await testApp({ env: { PLACES_PROVIDER: 'osm', OVERPASS_URL: overpass.baseUrl, WIKIDATA_URL: wikidata.baseUrl, OSM_CONTACT: 'ops@roam.example' } })
beforeAll(async () => {
  await importCatalogLines(app.db, fixtureLines())
})

const paris = resolveCity('Paris, Île-de-France, France')!
const places = new Map(toAttractions({ elements: ELEMENTS }, paris, SITELINKS).map((place) => [place.id, place]))

interface Day {
  date: string
  places: Array<{ id: string; name: string; start_time: number; visit_duration: number }>
}

const generate = (destination: string, start: string, end: string) =>
  app.call(handleGenerate, '/api/itinerary/generate', {
    body: {
      origin_city: 'London',
      destinations: [destination],
      trip_types: ['cultural-historical', 'tourist-attractions'],
      pace: 'moderate',
      start_date: start,
      end_date: end,
    },
  })

describe('a 3-day trip through the OpenStreetMap provider', () => {
  // Monday 7 to Wednesday 9 December 2026: the Musée d'Orsay and the municipal museums are closed on
  // Monday, the Louvre and the Centre Pompidou on Tuesday.
  it('plans every visit inside its place real hours on its date, and nothing on a date it is closed', async () => {
    const { status, body } = await generate('Paris, Île-de-France, France', '2026-12-07', '2026-12-09')
    expect(status).toBe(200)
    expect(body.notices).toEqual([])
    const days = body.itinerary as Day[]
    expect(days.map((day) => day.date)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09'])
    for (const day of days) expect(day.places.length).toBeGreaterThan(0)
    const dayOf = (name: string) => days.find((day) => day.places.some((place) => place.name === name))?.date
    expect(dayOf('Louvre Museum')).toBeDefined()
    expect(dayOf('Louvre Museum')).not.toBe('2026-12-08')
    expect(dayOf('Centre Pompidou')).not.toBe('2026-12-08')
    if (dayOf("Musée d'Orsay")) expect(dayOf("Musée d'Orsay")).not.toBe('2026-12-07')
    expect(days[0]!.places.some((place) => place.name.startsWith('Musée municipal'))).toBe(false)
    expect(dayOf('Musée des Arts Forains')).toBeUndefined()
    const louvre = days.flatMap((day) => day.places).find((place) => place.name === 'Louvre Museum') as unknown as { opening_hours: unknown }
    expect(louvre.opening_hours).toEqual({
      known: true,
      dates: { '2026-12-07': ['09:00-18:00'], '2026-12-08': [], '2026-12-09': ['09:00-21:45'] },
    })
    for (const day of days) {
      for (const visit of day.places) {
        const place = places.get(visit.id)!
        const inside = isOpenFor(place, day.date, Math.round(visit.start_time * 60), Math.round(visit.visit_duration * 60))
        expect(inside, `${visit.name} at ${visit.start_time} on ${day.date}: ${JSON.stringify(hoursOn(place, day.date))}`).toBe(true)
      }
    }
  })

  it("keeps each place's hours when the itinerary is saved", async () => {
    const { body } = await generate('Paris, Île-de-France, France', '2026-12-07', '2026-12-09')
    // As the save endpoint reads a body: decoded by its schema, then normalised.
    const request = Schema.decodeUnknownSync(SaveBody)({
      itinerary: body.itinerary,
      tripData: { destinations: ['Paris'], startDate: '2026-12-07', endDate: '2026-12-09' },
    })
    const document = documentOf(request)
    const saved = document.days.flatMap((day) => day.places).find((place) => place.name === 'Louvre Museum')!
    expect(saved.opening_hours?.dates['2026-12-08']).toEqual([])
    expect(saved.opening_hours?.known).toBe(true)
    // Its Wikipedia article, from OpenStreetMap's tag, goes with it; an address that is no article does not.
    expect(saved.wikipedia).toBe('https://fr.wikipedia.org/wiki/Mus%C3%A9e_du_Louvre')
    const forged = documentOf(
      Schema.decodeUnknownSync(SaveBody)({
        itinerary: body.itinerary.map((day: { places: object[] }) => ({
          ...day,
          places: day.places.map((place) => ({ ...place, wikipedia: 'javascript:alert(1)' })),
        })),
        tripData: { destinations: ['Paris'], startDate: '2026-12-07', endDate: '2026-12-09' },
      }),
    )
    expect(forged.days.flatMap((day) => day.places).filter((place) => place.wikipedia)).toEqual([])
    // The shared page shows the hours, and credits OpenStreetMap.
    const shared = sharedItinerary({ title: 'Paris', trip: document.trip, days: document.days, sharedAt: null }, 'Inès')
    expect(shared.data.attribution).toBe(OSM_ATTRIBUTION)
    const louvre = shared.data.days.flatMap((day) => day.places).find((place) => place.name === 'Louvre Museum')
    expect(louvre?.opening_hours).toEqual(saved.opening_hours)
  })

  it('plans from the offline catalog and says so when Overpass fails, never a 500', async () => {
    overpass.failWith = 504
    try {
      const { status, body } = await generate('London, United Kingdom', '2026-12-07', '2026-12-07')
      expect(status).toBe(200)
      expect(body.notices).toContain(fallbackNotice('London'))
      expect((body.itinerary as Day[])[0]!.places.map((place) => place.name)).toContain('British Museum')
    } finally {
      overpass.failWith = undefined
    }
  })
})
