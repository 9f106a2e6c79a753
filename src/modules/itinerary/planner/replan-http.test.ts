import { beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../../test/app.ts'
import { importCatalogLines } from '../../places/import/importer.ts'
import { handleGenerate, handleReplan } from './http.ts'
import { catalogLines, lisbonAndSintraLines, testTrip as trip } from './test-catalog.ts'

const app = await testApp()
beforeAll(async () => {
  await importCatalogLines(app.db, [...catalogLines(), ...lisbonAndSintraLines()])
})

type Day = {
  day: number
  city: string
  day_trip?: string
  places: Array<{ id: string; start_time: number; visit_duration: number; locked?: boolean; name: string }>
}

const generate = async () => (await app.call(handleGenerate, '/api/itinerary/generate', { body: trip() })).body.itinerary as Day[]
const replan = (body: unknown) => app.call(handleReplan, '/api/itinerary/replan', { body })

/** Locks the first place of day 1 (Paris) and the last place of day 5 (Rome's second day). */
const withTwoLocks = (days: Day[]) =>
  days.map((day, index) => ({
    ...day,
    places: day.places.map((place, k) => ({ ...place, locked: (index === 0 && k === 0) || (index === 4 && k === day.places.length - 1) })),
  }))

describe('POST /api/itinerary/replan', () => {
  it('counts a re-plan against the allowance before reading it, by its size: heavy ones run out first, refused ones count', async () => {
    const heavy = `{"editableItinerary": [${'"x",'.repeat(62_000)}"x"]}`
    const send = (clientAddress: string) =>
      app.call(handleReplan, '/api/itinerary/replan', { rawBody: heavy, clientAddress, headers: { 'content-length': String(heavy.length) } })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await send('198.51.100.21')).status)
    // 250 KB is 9 points of the 30 a minute: the fourth is refused before a byte of it is decoded.
    expect(statuses).toEqual([400, 400, 400, 429, 429])
    // A visitor at another address plans as usual.
    expect((await app.call(handleGenerate, '/api/itinerary/generate', { body: trip(), clientAddress: '198.51.100.22' })).status).toBe(200)
  })

  it('re-plans at another pace keeping the locked places on their day and time, without the deleted place', async () => {
    const current = withTwoLocks(await generate())
    const deleted = current[1]!.places[0]!
    current[1] = { ...current[1]!, places: current[1]!.places.slice(1) }
    const { status, body } = await replan({ ...trip({ pace: 'fast-paced' }), editableItinerary: current, removedPlaces: [deleted.id] })
    expect(status).toBe(200)
    const days = body.itinerary as Day[]
    expect(days.map((day) => day.city)).toEqual(current.map((day) => day.city))
    const locked = days.flatMap((day, index) =>
      day.places.filter((place) => place.locked).map((place) => [index, place.id, place.start_time, place.visit_duration]),
    )
    const wanted = current.flatMap((day, index) =>
      day.places.filter((place) => place.locked).map((place) => [index, place.id, place.start_time, place.visit_duration]),
    )
    expect(locked).toEqual(wanted)
    expect(locked).toHaveLength(2)
    expect(days.flatMap((day) => day.places.map((place) => place.id))).not.toContain(deleted.id)
    // Fast-paced days hold more than moderate ones.
    expect(days.flatMap((day) => day.places).length).toBeGreaterThan(current.flatMap((day) => day.places).length)
  })

  it('keeps a day trip on its day: a lock there stays with the town’s other places, not planned as a city day', async () => {
    const lisbon = trip({ destinations: ['Lisbon'], start_date: '2027-05-03', end_date: '2027-05-06' })
    const planned = (await app.call(handleGenerate, '/api/itinerary/generate', { body: lisbon })).body.itinerary as Day[]
    const tripDay = planned.findIndex((day) => day.day_trip === 'Sintra')
    expect(tripDay).toBeGreaterThanOrEqual(0)
    const current = planned.map((day, index) => ({
      ...day,
      places: day.places.map((place, k) => ({ ...place, locked: index === tripDay && k === 0 })),
    }))
    const { status, body } = await replan({ ...lisbon, editableItinerary: current })
    expect(status).toBe(200)
    const after = (body.itinerary as Day[])[tripDay]!
    expect(after.day_trip).toBe('Sintra')
    expect(after.places.map((place) => [place.id, place.locked ?? false])).toEqual(current[tripDay]!.places.map((place) => [place.id, place.locked]))
  })

  it('plans a copied trip on new dates with its own places only, each day keeping its city and places, the day trip too', async () => {
    const lisbon = trip({ destinations: ['Lisbon'], start_date: '2027-05-03', end_date: '2027-05-06' })
    const planned = (await app.call(handleGenerate, '/api/itinerary/generate', { body: lisbon })).body.itinerary as Day[]
    // A traveller's trip with a day's last place removed: a re-plan would fill that room, a copy does not.
    const current = planned.map((day, index) => (index === 0 ? { ...day, places: day.places.slice(0, -1) } : day))
    const moved = current.map((day, index) => ({ ...day, date: `2027-06-${String(7 + index).padStart(2, '0')}` }))
    const later = { ...lisbon, start_date: '2027-06-07', end_date: '2027-06-10' }
    const { status, body } = await replan({ ...later, editableItinerary: moved, onlyCurrentPlaces: true })
    expect(status).toBe(200)
    const days = body.itinerary as Array<Day & { date: string }>
    expect(days.map((day) => [day.date, day.city, day.day_trip])).toEqual(moved.map((day) => [day.date, day.city, day.day_trip]))
    const idsOf = (list: readonly Day[]) => list.map((day) => day.places.map((place) => place.id).sort())
    expect(idsOf(days)).toEqual(idsOf(current))
    // Without the flag, the re-plan adds a place to the shortened day.
    const filled = await replan({ ...later, editableItinerary: moved })
    expect((filled.body.itinerary as Day[]).flatMap((day) => day.places).length).toBeGreaterThan(current.flatMap((day) => day.places).length)
  })

  it('keeps a lock on its date when the days move between cities, and refuses a re-plan that has no day left for it', async () => {
    // Rome's second day (the 5th) is Rome's only day once Paris has four: its lock stays on its date.
    const current = withTwoLocks(await generate())
    const moved = await replan({ ...trip({ daysPerCity: { Paris: 4, Rome: 1 } }), editableItinerary: current })
    expect(moved.status).toBe(200)
    const lockedRome = current[4]!.places.find((place) => place.locked)!
    expect(moved.body.itinerary[4].places).toContainEqual(expect.objectContaining({ id: lockedRome.id, start_time: lockedRome.start_time, locked: true }))
    // A lock on Rome's first day (the 4th), a Paris day now, has no day left.
    const onFourth = current.map((day, index) => (index === 3 ? { ...day, places: day.places.map((place, k) => ({ ...place, locked: k === 0 })) } : day))
    const { status, body } = await replan({ ...trip({ daysPerCity: { Paris: 4, Rome: 1 } }), editableItinerary: onFourth })
    expect(status).toBe(422)
    expect(body.message).toBe('A locked place is on a day the new plan does not have. Unlock it or keep its days, then re-plan.')
  })

  it('refuses an itinerary that breaks the edit rules', async () => {
    const current = await generate()
    const day = current[0]!
    const overlapping = { ...day, places: [day.places[0]!, { ...day.places[1]!, start_time: day.places[0]!.start_time }] }
    const { status, body } = await replan({ ...trip(), editableItinerary: [overlapping, ...current.slice(1)] })
    expect(status).toBe(422)
    expect(body.message).toBe('This attraction overlaps with another one on the selected day.')
  })
})
