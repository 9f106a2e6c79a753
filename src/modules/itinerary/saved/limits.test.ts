import { beforeAll, describe, expect, it } from 'vitest'
import { registry } from '../../../app/registry.ts'
import { rebuildProjection } from '../../../events/rebuild.ts'
import { authHarness } from '../../auth/test-support.ts'
import { generatedParisRome } from './test-trip.ts'
import { handleDelete, handleGetVersion, handleListVersions, handleSaveFull, SAVES_PER_ACCOUNT } from './http.ts'
import { itineraryVersionsProjection } from './versions-projection.ts'

/**
 * What one account may make the server keep and redo (the security review's findings 1, 3 and 10): a trip of
 * bounded size, saves counted per minute, a History read a page at a time from its read model, and a deleted
 * trip's content gone from the event log.
 */
let h: Awaited<ReturnType<typeof authHarness>>
let days: Array<{ places: Array<Record<string, unknown>> } & Record<string, unknown>>
const tripData = { origin: 'London', destinations: ['Paris', 'Rome'], startDate: '2026-12-01', endDate: '2026-12-05', tripPace: 'moderate' }

beforeAll(async () => {
  h = await authHarness()
  days = await generatedParisRome(h)
})

let accounts = 0
const traveller = () => h.loggedIn(`limits-${accounts++}@example.com`)
const save = (token: string, body: Record<string, unknown>) =>
  h.call(handleSaveFull, '/api/saved-itineraries/save-full', { token, body: { tripData, ...body } })
/** The trip with day 1's first visit moved to `hour`: a new version each time. */
const at = (hour: number) =>
  days.map((day, index) => (index === 0 ? { ...day, places: day.places.map((place, k) => (k === 0 ? { ...place, start_time: hour } : place)) } : day))

describe('what an account may make the server keep', () => {
  it('refuses a trip of more visits than any plan makes, in plain words', async () => {
    const { accessToken } = await traveller()
    const crowded = Array.from({ length: 38 }, (_, day) => ({
      city: 'Paris',
      places: Array.from({ length: 16 }, (_, k) => ({
        id: `p${day}-${k}`,
        name: `Stop ${k}`,
        latitude: 48.86,
        longitude: 2.35,
        start_time: 6 + k,
        visit_duration: 0.5,
      })),
    }))
    const answer = await save(accessToken, { editableItinerary: crowded, title: 'Everything' })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toBe('A trip can hold at most 600 visits; this one has 608. Remove some places or split the trip in two.')
  })

  it('counts saves per account a minute, more for larger trips, and says when to try again', async () => {
    const { accessToken } = await traveller()
    const first = await save(accessToken, { editableItinerary: at(8), title: 'Often' })
    expect(first.status).toBe(201)
    const savedId = first.body.saved_id as string
    let answer = first
    for (let i = 1; i <= SAVES_PER_ACCOUNT.points && answer.status !== 429; i++)
      answer = await save(accessToken, { saved_id: savedId, editableItinerary: at(8 + (i % 2)) })
    expect(answer.status).toBe(429)
    expect(answer.body.message).toMatch(/^You are saving very often\. Please try again in \d+ seconds\.$/)
  })

  it('reads the History a page at a time from its read model, equal to its rebuild from the log', async () => {
    const { accessToken } = await traveller()
    const savedId = (await save(accessToken, { editableItinerary: at(8), title: 'Often edited' })).body.saved_id as string
    // 60 more versions: past the saves allowed in a minute, as if the minutes went by.
    for (let i = 1; i <= 60; i++) {
      if (i % 30 === 0) await h.db.deleteFrom('rate_limits').execute()
      expect((await save(accessToken, { saved_id: savedId, editableItinerary: at(i % 2 === 0 ? 8 : 9) })).status).toBe(200)
    }
    const list = (query = '') =>
      h.call(handleListVersions, `/api/saved-itineraries/${savedId}/versions${query}`, { token: accessToken, params: { id: savedId } })
    const newest = await list()
    expect(newest.body.versions).toHaveLength(50)
    expect(newest.body.versions[0]).toMatchObject({ version: 61, current: true })
    expect(newest.body.more).toBe(true)
    const older = await list('?before=12')
    expect(older.body.versions.map((entry: { version: number }) => entry.version)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect(older.body.versions.at(-1)).toMatchObject({ kind: 'saved', current: false })
    expect(older.body.more).toBe(false)
    const version = await h.call(handleGetVersion, `/api/saved-itineraries/${savedId}/versions/2`, {
      token: accessToken,
      params: { id: savedId, version: '2' },
    })
    expect(version.body.itinerary_data[0].places[0].start_time).toBe(9)
    // Another traveller's id is as missing as one that never was.
    const stranger = await traveller()
    expect((await h.call(handleListVersions, '/x', { token: stranger.accessToken, params: { id: savedId } })).status).toBe(404)
    const live = await h.db.selectFrom('itinerary_versions').selectAll().orderBy('itinerary_id').orderBy('version').execute()
    await rebuildProjection(h.db, registry, itineraryVersionsProjection)
    expect(await h.db.selectFrom('itinerary_versions').selectAll().orderBy('itinerary_id').orderBy('version').execute()).toEqual(live)
  })

  it('leaves only an ids-only tombstone in the event log when a trip is deleted', async () => {
    const { accessToken, userId } = await traveller()
    const savedId = (await save(accessToken, { editableItinerary: at(8), title: 'Honeymoon in Paris' })).body.saved_id as string
    await save(accessToken, { saved_id: savedId, editableItinerary: at(9), title: 'Honeymoon, Paris and Rome' })
    expect((await h.call(handleDelete, '/x', { token: accessToken, params: { saved_id: savedId }, method: 'DELETE' })).status).toBe(200)
    const log = await h.db.selectFrom('events').select(['type', 'data']).where('stream_id', '=', `itinerary-${savedId}`).execute()
    expect(log).toEqual([{ type: 'ItineraryDeleted', data: { itineraryId: savedId, ownerId: userId } }])
    expect(JSON.stringify(await h.db.selectFrom('events').select('data').execute())).not.toContain('Honeymoon')
  })
})
