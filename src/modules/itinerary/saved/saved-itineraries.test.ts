import { Effect } from 'effect'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { registry } from '../../../app/registry.ts'
import { rebuildProjection } from '../../../events/rebuild.ts'
import { transaction } from '../../../platform/database.ts'
import { handleCommand } from '../../../events/decider.ts'
import { accountDecider, userStream } from '../../auth/domain.ts'
import { deleteAccount } from '../../auth/erasure.ts'
import { authHarness } from '../../auth/test-support.ts'
import { DEMO_CATALOG_FILE } from '../../places/import/first-start.ts'
import { importCatalogFile } from '../../places/import/importer.ts'
import { legBetween } from '../planner/legs.ts'
import { handleGenerate } from '../planner/http.ts'
import { saveItinerary } from './commands.ts'
import { savedItinerariesProjection } from './projections.ts'
import { shownSharedVersion } from './itinerary-queries.ts'
import {
  handleDelete,
  handleGetOwned,
  handleGetShared,
  handleListOwned,
  handleOwnedCalendar,
  handlePendingSave,
  handleSaveFull,
  handleShare,
  handleSharedCalendar,
} from './http.ts'

let h: Awaited<ReturnType<typeof authHarness>>
let generated: { itinerary: any[]; daysPerCity: Record<string, number> }
const tripData = {
  origin: 'Berlin',
  destinations: ['Paris', 'London'],
  startDate: '2026-12-01',
  endDate: '2026-12-04',
  tripType: ['Tourist Attractions', 'Cultural & Historical'],
  tripPace: 'moderate',
  daysPerDestination: { Paris: 2, London: 2 },
}

beforeAll(async () => {
  h = await authHarness()
  await importCatalogFile(h.db, DEMO_CATALOG_FILE)
  const answer = await h.call(handleGenerate, '/api/itinerary/generate', {
    body: {
      origin_city: 'Berlin',
      destinations: ['Paris', 'London'],
      trip_types: ['tourist-attractions', 'cultural-historical'],
      pace: 'moderate',
      start_date: '2026-12-01',
      end_date: '2026-12-04',
    },
  })
  expect(answer.status).toBe(200)
  generated = answer.body
})

let accounts = 0
const traveller = () => h.loggedIn(`traveller-${accounts++}@example.com`)

const saveFull = (token: string | undefined, body: unknown) => h.call(handleSaveFull, '/api/saved-itineraries/save-full', { body, ...(token ? { token } : {}) })
const list = (token: string) => h.call(handleListOwned, '/saved-itineraries/user-full', { token })
const getOne = (token: string, id: string) => h.call(handleGetOwned, `/api/saved-itineraries/${id}`, { token, params: { id } })
const share = (token: string, id: string) => h.call(handleShare, `/api/saved-itineraries/${id}/share`, { token, params: { id }, method: 'POST' })
const remove = (token: string, saved_id: string) => h.call(handleDelete, `/saved-itineraries/${saved_id}`, { token, params: { saved_id }, method: 'DELETE' })
const shared = (shareId: string) => h.call(handleGetShared, `/api/saved-itineraries/shared/${shareId}`, { params: { shareId } })

async function savedTrip(token: string, title = 'Winter in Paris and London') {
  const answer = await saveFull(token, { tripData, editableItinerary: generated.itinerary, title })
  expect(answer.status).toBe(201)
  return answer.body.saved_id as string
}

describe('saving an itinerary', () => {
  it('saves a generated itinerary under a name and lists it with its trip data and days', async () => {
    const { accessToken } = await traveller()
    const answer = await saveFull(accessToken, { tripData, editableItinerary: generated.itinerary, title: '  Winter   in Paris ' })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ saved_id: expect.stringMatching(/^[0-9a-f-]{36}$/), title: 'Winter in Paris' })

    const { status, body } = await list(accessToken)
    expect(status).toBe(200)
    expect(body).toHaveLength(1)
    expect(body[0]).toMatchObject({
      saved_id: answer.body.saved_id,
      title: 'Winter in Paris',
      share_url: null,
      trip_data: { ...tripData, start_date: '2026-12-01', end_date: '2026-12-04' },
    })
    expect(body[0].itinerary_data.map((day: any) => [day.day, day.date, day.city])).toEqual(
      generated.itinerary.map((day: any) => [day.day, day.date, day.city]),
    )
    expect(body[0].itinerary_data[0].places.map((p: any) => p.name)).toEqual(generated.itinerary[0].places.map((p: any) => p.name))
    expect(body[0].itinerary_data).toEqual(
      generated.itinerary.map((day: any) => ({ ...day, places: day.places.map((p: any) => expect.objectContaining({ ...p })) })),
    )
  })

  it('needs a name for a new itinerary and a login', async () => {
    const { accessToken } = await traveller()
    const unnamed = await saveFull(accessToken, { tripData, editableItinerary: generated.itinerary, title: '   ' })
    expect(unnamed).toMatchObject({ status: 400, body: { error: 'Trip name is required to save!' } })
    expect((await saveFull(undefined, { tripData, editableItinerary: generated.itinerary, title: 'x' })).status).toBe(401)
    expect((await list(accessToken)).body).toEqual([])
  })

  it('reads the spec’s other spellings: trip_data with start_date, itinerary_data, a single theme', async () => {
    const { accessToken } = await traveller()
    const answer = await saveFull(accessToken, {
      trip_data: {
        origin_city: 'Berlin',
        destinations: ['Paris', 'London'],
        start_date: '2026-12-01T00:00:00.000Z',
        end_date: '2026-12-04',
        tripType: 'Nature & Outdoors',
        pace: 'slow-paced',
      },
      itinerary_data: generated.itinerary,
      title: 'Spellings',
    })
    expect(answer.status).toBe(201)
    const { body } = await getOne(accessToken, answer.body.saved_id)
    expect(body.trip_data).toMatchObject({
      origin: 'Berlin',
      startDate: '2026-12-01',
      start_date: '2026-12-01',
      tripType: ['Nature & Outdoors'],
      tripPace: 'slow-paced',
    })
  })

  it('recomputes travel times and snaps times to the half hour', async () => {
    const { accessToken } = await traveller()
    const day = generated.itinerary[0]
    const [first, second] = day.places
    const edited = [
      {
        ...day,
        places: [
          { ...first, travel_time_from_previous: 999 },
          { ...second, start_time: second.start_time + 0.1, travel_time_from_previous: 0 },
        ],
      },
    ]
    const answer = await saveFull(accessToken, { tripData, editableItinerary: edited, title: 'Snapped' })
    expect(answer.status).toBe(201)
    const { body } = await getOne(accessToken, answer.body.saved_id)
    const places = body.itinerary_data[0].places
    expect(places[0].travel_time_from_previous).toBe(0)
    expect(places[1].start_time).toBe(second.start_time)
    expect(places[1].travel_time_from_previous).toBe(legBetween(first.coordinates, second.coordinates).minutes)
  })

  it('refuses documents that break the edit rules, in the editor’s words, or that are too big', async () => {
    const { accessToken } = await traveller()
    const day = generated.itinerary[0]
    const [first] = day.places
    const overlap = [{ ...day, places: [first, { ...first, id: 'copy', name: 'Copy' }] }]
    expect((await saveFull(accessToken, { tripData, editableItinerary: overlap, title: 'x' })).body.error).toBe(
      'This attraction overlaps with another one on the selected day.',
    )
    const late = [{ ...day, places: [{ ...first, start_time: 23, visit_duration: 2 }] }]
    expect((await saveFull(accessToken, { tripData, editableItinerary: late, title: 'x' })).body.error).toBe(
      "This attraction doesn't fit before the end of the day.",
    )
    const elsewhere = [{ ...day, city: 'London' }]
    expect((await saveFull(accessToken, { tripData, editableItinerary: elsewhere, title: 'x' })).body.error).toBe(
      'You cannot move an attraction to a different city.',
    )
    const lost = [{ ...day, places: [{ ...first, coordinates: null, latitude: null, longitude: null }] }]
    expect((await saveFull(accessToken, { tripData, editableItinerary: lost, title: 'x' })).body.error).toBe(
      'Missing coordinates. Please try a different place.',
    )

    const tooManyDays = Array.from({ length: 61 }, () => ({ ...day, places: [] }))
    expect((await saveFull(accessToken, { tripData, editableItinerary: tooManyDays, title: 'x' })).status).toBe(400)
    const longName = [{ ...day, places: [{ ...first, name: 'x'.repeat(201) }] }]
    expect((await saveFull(accessToken, { tripData, editableItinerary: longName, title: 'x' })).status).toBe(400)
    expect((await saveFull(accessToken, { tripData, editableItinerary: generated.itinerary, title: 'x'.repeat(121) })).status).toBe(400)
    expect((await saveFull(accessToken, { tripData, editableItinerary: [], title: 'x' })).status).toBe(400)
    expect((await list(accessToken)).body).toEqual([])
  })

  it('updates a saved itinerary with saved_id: new days, new name, same id', async () => {
    const { accessToken } = await traveller()
    const id = await savedTrip(accessToken)
    const days = generated.itinerary.map((day: any, i: number) => (i === 0 ? { ...day, places: day.places.slice(1) } : day))
    const answer = await saveFull(accessToken, { tripData, editableItinerary: days, title: 'Shorter first day', saved_id: id })
    expect(answer).toMatchObject({ status: 200, body: { saved_id: id, title: 'Shorter first day' } })
    const { body } = await getOne(accessToken, id)
    expect(body.title).toBe('Shorter first day')
    expect(body.itinerary_data[0].places.map((p: any) => p.id)).toEqual(generated.itinerary[0].places.slice(1).map((p: any) => p.id))
    // Without a title the name stays.
    await saveFull(accessToken, { tripData, editableItinerary: generated.itinerary, saved_id: id })
    expect((await getOne(accessToken, id)).body.title).toBe('Shorter first day')

    const events = await h.db.selectFrom('events').select('type').where('stream_id', '=', `itinerary-${id}`).orderBy('stream_version').execute()
    expect(events.map((e) => e.type)).toEqual(['ItinerarySaved', 'ItineraryEdited', 'ItineraryRenamed', 'ItineraryEdited'])
    // Saving the same thing again records nothing.
    await saveFull(accessToken, { tripData, editableItinerary: generated.itinerary, saved_id: id, title: 'Shorter first day' })
    expect(await h.db.selectFrom('events').select('type').where('stream_id', '=', `itinerary-${id}`).execute()).toHaveLength(4)
  })

  it('keeps the pending save made before login, naming it after the destinations when it has no name', async () => {
    const { accessToken } = await traveller()
    const answer = await h.call(handlePendingSave, '/api/itinerary/save', { token: accessToken, body: { tripData, itineraryData: generated.itinerary } })
    expect(answer).toMatchObject({ status: 201, body: { title: 'Paris, London trip' } })
    expect((await list(accessToken)).body.map((item: any) => item.title)).toEqual(['Paris, London trip'])
  })
})

describe('another traveller’s itinerary', () => {
  it('is a 404 for reading, updating, sharing and deleting, and stays untouched', async () => {
    const owner = await traveller()
    const other = await traveller()
    const id = await savedTrip(owner.accessToken)
    expect((await getOne(other.accessToken, id)).status).toBe(404)
    expect((await share(other.accessToken, id)).status).toBe(404)
    expect((await remove(other.accessToken, id)).status).toBe(404)
    expect((await saveFull(other.accessToken, { tripData, editableItinerary: generated.itinerary, title: 'Mine now', saved_id: id })).status).toBe(404)
    expect((await list(other.accessToken)).body).toEqual([])
    expect((await getOne(owner.accessToken, id)).body.title).toBe('Winter in Paris and London')
    expect((await getOne(owner.accessToken, 'not-a-uuid')).status).toBe(404)
  })
})

describe('sharing', () => {
  it('gives the same link every time; anyone can read the itinerary through it', async () => {
    const owner = await traveller()
    const id = await savedTrip(owner.accessToken)
    const first = await share(owner.accessToken, id)
    expect(first.status).toBe(200)
    expect(first.body.share_url).toMatch(/^http:\/\/roam\.test\/itinerary\/shared\/[\w-]{22}$/)
    expect((await share(owner.accessToken, id)).body.share_url).toBe(first.body.share_url)
    expect((await getOne(owner.accessToken, id)).body.share_url).toBe(first.body.share_url)

    const { status, body } = await shared(first.body.share_id)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      title: 'Winter in Paris and London',
      creator_name: 'Ana Traveller',
      meta: { shared_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) },
      data: { destinations: ['Paris', 'London'], start_date: '2026-12-01', end_date: '2026-12-04' },
    })
    expect(body.data.days).toHaveLength(4)
    expect(body.data.days[0]).toMatchObject({ day: 1, city: 'Paris' })
    // The spec's fields, the place's hours on its dates (generated plans record them) and where it is (for
    // the day's map); never where the traveller stays.
    expect(Object.keys(body.data.days[0]).sort()).not.toContain('base')
    expect(Object.keys(body.data.days[0].places[0]).sort()).toEqual([
      'address',
      'latitude',
      'longitude',
      'name',
      'opening_hours',
      'start_time',
      'travel_time_from_previous',
      'visit_duration',
    ])
  })

  it('stops working once the itinerary is deleted; an unknown link says so', async () => {
    const owner = await traveller()
    const id = await savedTrip(owner.accessToken)
    const { share_id } = (await share(owner.accessToken, id)).body
    expect((await remove(owner.accessToken, id)).status).toBe(200)
    expect(await shared(share_id)).toMatchObject({ status: 404, body: { error: 'Invalid or expired link.' } })
    expect((await shared('no-such-link-at-all-here')).status).toBe(404)
    expect((await list(owner.accessToken)).body).toEqual([])
    expect((await remove(owner.accessToken, id)).status).toBe(404)
  })
})

describe('calendar export', () => {
  it('has one event per visit and per lunch break at the right instant in the city’s time zone', async () => {
    const owner = await traveller()
    const id = await savedTrip(owner.accessToken)
    const answer = await h.call(handleOwnedCalendar, `/api/saved-itineraries/${id}/calendar`, { token: owner.accessToken, params: { id } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Winter-in-Paris-and-London.ics"')
    const text: string = answer.body
    const visits = generated.itinerary.flatMap((day: any) => day.places)
    const lunches = generated.itinerary.filter((day: any) => day.breaks?.some((pause: any) => pause.kind === 'lunch'))
    expect(lunches.length).toBeGreaterThan(0)
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(visits.length + lunches.length)
    expect(text.match(/SUMMARY:Lunch break/g)).toHaveLength(lunches.length)
    // December: Paris is UTC+1, London UTC+0.
    const paris = generated.itinerary[0].places[0]
    const london = generated.itinerary[2].places[0]
    const utc = (date: string, hours: number, offset: number) =>
      `${date.replaceAll('-', '')}T${String(Math.floor(hours - offset)).padStart(2, '0')}${hours % 1 ? '30' : '00'}00Z`
    expect(text).toContain(`DTSTART:${utc('2026-12-01', paris.start_time, 1)}`)
    expect(text).toContain(`DTSTART:${utc('2026-12-03', london.start_time, 0)}`)
    expect(text).toContain('Europe/Paris')
    expect(text).toContain('Europe/London')

    const { share_id } = (await share(owner.accessToken, id)).body
    const open = await h.call(handleSharedCalendar, `/itinerary/shared/${share_id}/calendar.ics`, { params: { shareId: share_id } })
    expect(open.status).toBe(200)
    expect((open.body as string).match(/BEGIN:VEVENT/g)).toHaveLength(visits.length + lunches.length)
    const other = await traveller()
    expect((await h.call(handleOwnedCalendar, `/api/saved-itineraries/${id}/calendar`, { token: other.accessToken, params: { id } })).status).toBe(404)
  })
})

describe('shared calendar export', () => {
  const download = (shareId: string, options: { clientAddress?: string; headers?: Record<string, string> } = {}) =>
    h.call(handleSharedCalendar, `/itinerary/shared/${shareId}/calendar.ics`, { params: { shareId }, ...options })

  it('is built once per version of the itinerary: same ETag and bytes, 304 to a matching If-None-Match, new ones after an edit', async () => {
    const owner = await traveller()
    const id = await savedTrip(owner.accessToken, 'Calendar versions')
    const { share_id } = (await share(owner.accessToken, id)).body
    const first = await download(share_id)
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60')
    const again = await download(share_id)
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.body).toBe(first.body)
    const revalidated = await download(share_id, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body).toBeNull()

    await saveFull(owner.accessToken, { tripData, editableItinerary: generated.itinerary, saved_id: id, title: 'Calendar versions, renamed' })
    const edited = await download(share_id, { headers: { 'if-none-match': etag } })
    expect(edited.status).toBe(200)
    expect(edited.headers.get('etag')).not.toBe(etag)
    expect(edited.body).toContain('Calendar versions, renamed')
  })

  it('keeps the copy in memory until an edit commits, then drops it: a download meanwhile cannot keep the version before', async () => {
    const owner = await traveller()
    const id = await savedTrip(owner.accessToken, 'Held calendar')
    const { share_id } = (await share(owner.accessToken, id)).body
    // The clock stands still, so the copy is never due for its once-a-second version check.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const before = await download(share_id)
      const edit = { tripData, editableItinerary: generated.itinerary, saved_id: id, title: 'Held calendar, renamed' }
      const meanwhile = await h.run(
        transaction(
          Effect.gen(function* () {
            yield* saveItinerary(owner.userId, edit)
            return yield* Effect.promise(() => download(share_id))
          }),
        ),
      )
      expect(meanwhile.headers.get('etag')).toBe(before.headers.get('etag'))
      const after = await download(share_id)
      expect(after.status).toBe(200)
      expect(after.body).toContain('Held calendar, renamed')
    } finally {
      vi.useRealTimers()
    }
  })

  it('limits lookups to 30 a minute per address, with Retry-After, while a copy in memory costs nothing', async () => {
    const owner = await traveller()
    const { share_id } = (await share(owner.accessToken, await savedTrip(owner.accessToken))).body
    const clientAddress = '203.0.113.30'
    expect((await download(share_id, { clientAddress })).status).toBe(200)
    for (let i = 0; i < 29; i++) expect((await download(`no-such-shared-link-${String(i).padStart(4, '0')}`, { clientAddress })).status).toBe(404)
    const limited = await download('no-such-shared-link-9999', { clientAddress })
    expect(limited).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many calendar downloads\. Please try again in \d+ seconds\.$/) } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await download('no-such-shared-link-9999', { clientAddress: '203.0.113.31' })).status).toBe(404)
  })
})

describe('the read model', () => {
  it('is rebuilt from the log row for row', async () => {
    const owner = await traveller()
    const id = await savedTrip(owner.accessToken, 'Rebuilt')
    await share(owner.accessToken, id)
    const gone = await savedTrip(owner.accessToken, 'Gone')
    await remove(owner.accessToken, gone)
    const before = await h.db.selectFrom('saved_itineraries').selectAll().orderBy('saved_id').execute()
    await rebuildProjection(h.db, registry, savedItinerariesProjection)
    const after = await h.db.selectFrom('saved_itineraries').selectAll().orderBy('saved_id').execute()
    expect(after).toEqual(before)
    expect(after.some((row) => row.saved_id === gone)).toBe(false)
  })
})

describe('a blocked owner', () => {
  it('hides their shared links (page, API, calendar) while blocked, and shows them again once unblocked', async () => {
    const owner = await traveller()
    const id = await savedTrip(owner.accessToken, 'Blocked trip')
    const { share_id } = (await share(owner.accessToken, id)).body
    const calendar = () => h.call(handleSharedCalendar, `/itinerary/shared/${share_id}/calendar.ics`, { params: { shareId: share_id } })
    const moderator = { adminId: '00000000-0000-4000-8000-00000000ad01', role: 'admin' } as const
    const version = await h.run(shownSharedVersion(share_id))
    expect(version).toEqual(expect.any(Number))

    await h.run(handleCommand(accountDecider, userStream(owner.userId), { type: 'Block', userId: owner.userId, by: moderator }))
    expect(await shared(share_id)).toMatchObject({ status: 404, body: { error: 'Invalid or expired link.' } })
    expect(await calendar()).toMatchObject({ status: 404, body: { error: 'Invalid or expired link.' } })
    expect(await h.run(shownSharedVersion(share_id))).toBeUndefined()

    await h.run(handleCommand(accountDecider, userStream(owner.userId), { type: 'Unblock', userId: owner.userId, by: moderator }))
    expect(await shared(share_id)).toMatchObject({ status: 200, body: { title: 'Blocked trip', creator_name: 'Ana Traveller' } })
    expect((await calendar()).status).toBe(200)
    expect(await h.run(shownSharedVersion(share_id))).toBe(version)
  })
})

describe('deleting the owner', () => {
  it('purges every trip they saved (deleted ones too), ends their shared links, and leaves other travellers’ trips', async () => {
    const owner = await traveller()
    const bystander = await traveller()
    const kept = await savedTrip(owner.accessToken, 'Kept')
    const { body: link } = await share(owner.accessToken, kept)
    const shareId = new URL(link.share_url).pathname.split('/').pop()!
    const deletedBefore = await savedTrip(owner.accessToken, 'Deleted before')
    await remove(owner.accessToken, deletedBefore)
    const theirs = await savedTrip(bystander.accessToken, 'Theirs')
    expect((await shared(shareId)).status).toBe(200)

    await h.run(deleteAccount(owner.userId, { adminId: bystander.userId, role: 'super-admin' }))

    const eventsOf = (id: string) => h.db.selectFrom('events').select('type').where('stream_id', '=', `itinerary-${id}`).execute()
    expect(await eventsOf(kept)).toEqual([])
    expect(await eventsOf(deletedBefore)).toEqual([])
    expect(await eventsOf(theirs)).toEqual([{ type: 'ItinerarySaved' }])
    expect((await shared(shareId)).status).toBe(404)
    expect(await h.db.selectFrom('saved_itineraries').select('owner_id').where('owner_id', '=', owner.userId).execute()).toEqual([])
    expect((await list(bystander.accessToken)).body.map((trip: { title: string }) => trip.title)).toEqual(['Theirs'])
  })
})
