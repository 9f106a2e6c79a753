import { beforeAll, describe, expect, it } from 'vitest'
import { registry } from '../../../app/registry.ts'
import { rebuildProjection } from '../../../events/rebuild.ts'
import { savedItinerariesProjection } from './projections.ts'
import { authHarness } from '../../auth/test-support.ts'
import { generatedParisRome } from './test-trip.ts'
import { handleGetOwned, handleGetVersion, handleListVersions, handleRestoreVersion, handleSaveFull, handleShare } from './http.ts'

let h: Awaited<ReturnType<typeof authHarness>>
let days: any[]
const tripData = {
  origin: 'London',
  destinations: ['Paris', 'Rome'],
  startDate: '2026-12-01',
  endDate: '2026-12-05',
  tripType: ['Cultural & Historical'],
  tripPace: 'moderate',
  daysPerDestination: { Paris: 3, Rome: 2 },
}

beforeAll(async () => {
  h = await authHarness()
  days = await generatedParisRome(h)
})

let accounts = 0
const traveller = () => h.loggedIn(`versions-${accounts++}@example.com`)
const save = (token: string, body: Record<string, unknown>) =>
  h.call(handleSaveFull, '/api/saved-itineraries/save-full', { token, body: { tripData, ...body } })
const versions = (token: string, id: string) => h.call(handleListVersions, `/api/saved-itineraries/${id}/versions`, { token, params: { id } })
const version = (token: string, id: string, number: string) =>
  h.call(handleGetVersion, `/api/saved-itineraries/${id}/versions/${number}`, { token, params: { id, version: number } })
const restore = (token: string, id: string, number: string) =>
  h.call(handleRestoreVersion, `/api/saved-itineraries/${id}/versions/${number}/restore`, { token, params: { id, version: number }, method: 'POST' })

/** Day 2 with its places an hour later, and one place more on day 4 (Rome). */
const edited = () =>
  days.map((day, index) =>
    index === 1
      ? { ...day, places: day.places.map((place: any) => ({ ...place, start_time: place.start_time + 1 })) }
      : index === 3
        ? { ...day, places: [...day.places, { ...days[4].places[0], id: 'extra', start_time: 21, visit_duration: 1 }] }
        : day,
  )

describe('versions of a saved itinerary', () => {
  it('lists every save, rename and re-plan with what it changed in words, newest first', async () => {
    const { accessToken } = await traveller()
    const id = (await save(accessToken, { editableItinerary: days, title: 'Paris and Rome' })).body.saved_id
    await save(accessToken, { saved_id: id, editableItinerary: edited(), title: 'Autumn trip' })
    await h.call(handleShare, `/api/saved-itineraries/${id}/share`, { token: accessToken, params: { id }, method: 'POST' })
    const locked = days.map((day, index) => (index === 0 ? { ...day, places: day.places.map((p: any, k: number) => ({ ...p, locked: k === 0 })) } : day))
    await save(accessToken, { saved_id: id, editableItinerary: locked, replanned: true, tripData: { ...tripData, tripPace: 'fast-paced' } })

    const { status, body } = await versions(accessToken, id)
    expect(status).toBe(200)
    expect(body.versions.map((v: any) => [v.version, v.kind, v.title, v.current])).toEqual([
      [3, 'replanned', 'Autumn trip', true],
      [2, 'edited', 'Autumn trip', false],
      [1, 'saved', 'Paris and Rome', false],
    ])
    expect(body.versions[1].changes).toEqual(['1 place added in Rome', 'day 2 moved later by 1 h', 'renamed'])
    expect(body.versions[1].shared_at).toEqual(expect.any(String))
    expect(body.versions[0].changes[0]).toBe('re-planned around 1 locked place')
    expect(body.versions[0].changes).toContain('pace changed to fast-paced')
  })

  it('opens a version read-only and restores it as a new version, keeping the ones between', async () => {
    const { accessToken } = await traveller()
    const id = (await save(accessToken, { editableItinerary: days, title: 'First' })).body.saved_id
    await save(accessToken, { saved_id: id, editableItinerary: edited() })

    const first = await version(accessToken, id, '1')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ version: 1, title: 'First', current: false })
    expect(first.body.itinerary_data.map((day: any) => day.places.map((p: any) => p.id))).toEqual(days.map((day) => day.places.map((p: any) => p.id)))

    const restored = await restore(accessToken, id, '1')
    expect(restored.status).toBe(200)
    const now = await h.call(handleGetOwned, `/api/saved-itineraries/${id}`, { token: accessToken, params: { id } })
    expect(now.body.itinerary_data).toEqual(first.body.itinerary_data)
    const list = (await versions(accessToken, id)).body.versions
    expect(list.map((v: any) => [v.version, v.kind])).toEqual([
      [3, 'restored'],
      [2, 'edited'],
      [1, 'saved'],
    ])
    expect(list[0].changes).toEqual(['restored version 1'])

    // The read model rebuilt from the log (re-plans and restores included) is the live one.
    const live = await h.db.selectFrom('saved_itineraries').selectAll().orderBy('saved_id').execute()
    await rebuildProjection(h.db, registry, savedItinerariesProjection)
    expect(await h.db.selectFrom('saved_itineraries').selectAll().orderBy('saved_id').execute()).toEqual(live)
  })

  it('answers 404 for another traveller’s itinerary and for a version it does not have', async () => {
    const owner = await traveller()
    const other = await traveller()
    const id = (await save(owner.accessToken, { editableItinerary: days, title: 'Mine' })).body.saved_id
    expect((await versions(other.accessToken, id)).status).toBe(404)
    expect((await version(other.accessToken, id, '1')).status).toBe(404)
    expect((await restore(other.accessToken, id, '1')).status).toBe(404)
    expect((await version(owner.accessToken, id, '2')).body.message).toBe('Version not found')
    expect((await restore(owner.accessToken, id, 'x')).status).toBe(404)
  })
})
