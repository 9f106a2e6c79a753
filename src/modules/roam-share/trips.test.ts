import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { catchUp } from '../../events/projector.ts'
import { rebuildProjection } from '../../events/rebuild.ts'
import { handleGenerate } from '../itinerary/planner/http.ts'
import { catalogLines, lisbonAndSintraLines, testTrip } from '../itinerary/planner/test-catalog.ts'
import { handleGetSharedTrip, handleSaveFull, handleShare } from '../itinerary/saved/http.ts'
import * as notificationsHttp from '../notifications/http.ts'
import { importCatalogLines } from '../places/import/importer.ts'
import { handleDeleteUser } from '../admin/http.ts'
import { setRole } from '../auth/roles.ts'
import * as http from './http.ts'
import { shareHarness } from './test-support.ts'

const app = await shareHarness()
const { call } = app
const notificationsProjection = registry.async.find((projection) => projection.name === 'notifications')!

let lisbonDays: any[]
beforeAll(async () => {
  await importCatalogLines(app.db, [...catalogLines(), ...lisbonAndSintraLines()])
  const answer = await call(handleGenerate, '/api/itinerary/generate', {
    body: testTrip({ destinations: ['Lisbon'], start_date: '2027-05-03', end_date: '2027-05-06' }),
  })
  lisbonDays = answer.body.itinerary
})

/** Saves a Lisbon trip for the member (staying at a hotel, from London): its saved id. */
async function savedLisbon(token: string, title = 'Four days in Lisbon') {
  const tripData = {
    origin: 'London',
    destinations: ['Lisbon'],
    startDate: '2027-05-03',
    endDate: '2027-05-06',
    tripType: ['Cultural & Historical'],
    tripPace: 'moderate',
    daysPerDestination: { Lisbon: 4 },
    stays: { Lisbon: { name: 'Hotel Avenida', latitude: 38.72, longitude: -9.14 } },
  }
  const answer = await call(handleSaveFull, '/api/saved-itineraries/save-full', { token, body: { tripData, editableItinerary: lisbonDays, title } })
  expect(answer.status).toBe(201)
  return answer.body.saved_id as string
}

const tripOf = (postId: string) => call(http.handlePostTrip, '/x', { params: { post_id: postId } })
const copy = (token: string, postId: string) => call(http.handleCopyTrip, '/x', { token, method: 'POST', params: { post_id: postId } })
const edit = (token: string, postId: string, fields: Record<string, string>) =>
  call(http.handleUpdatePost, '/x', {
    token,
    method: 'PUT',
    params: { postId },
    form: app.postForm({ caption: 'Edited', location: 'Lisbon, Portugal', tags: JSON.stringify(['beaches']), post_type: 'photo', ...fields }),
  })

describe('a post carries a trip', () => {
  it('attaches a snapshot of the author’s saved trip, shown as a card in the feed and found under Trips and by its cities', async () => {
    const ana = await app.member('trip_ana')
    const savedId = await savedLisbon(ana.token)
    const plain = await app.photoPost(ana.token, { location: 'Porto, Portugal' })
    const created = await app.photoPost(ana.token, { location: 'Portugal', trip_id: savedId })
    expect(created.status).toBe(201)
    const card = created.body.post.trip
    expect(card).toMatchObject({ title: 'Four days in Lisbon', cities: [{ name: 'Lisbon', days: 4 }], days: 4, copies: 0 })
    expect(card.places).toBe(lisbonDays.reduce((sum, day) => sum + day.places.length, 0))
    // The thumbnail draws the days in Lisbon itself, not the day trip's ride.
    const cityDays = lisbonDays.filter((day) => !day.day_trip)
    expect(card.sketch.map((day: unknown[]) => day.length)).toEqual(cityDays.map((day) => day.places.length))
    expect(cityDays.length).toBeLessThan(lisbonDays.length)

    const trips = await app.feed(ana.token, '?trips=true')
    expect(trips.body.posts.map((post: any) => post.post_id)).toEqual([created.body.post.post_id])
    expect((await app.feed(ana.token)).body.posts.map((post: any) => post.post_id)).toContain(plain.body.post.post_id)
    // Sintra is only in the trip (a day trip), not in the post's location.
    const sintra = await app.feed(ana.token, '?location=sintra')
    expect(sintra.body.posts.map((post: any) => post.post_id)).toEqual([created.body.post.post_id])

    // Day by day, with nothing of where the author stays or comes from.
    const { status, body } = await tripOf(created.body.post.post_id)
    expect(status).toBe(200)
    expect(body.username).toBe('trip_ana')
    expect(body.trip.days.map((day: any) => day.places.map((place: any) => place.id))).toEqual(
      lisbonDays.map((day) => day.places.map((place: any) => place.id)),
    )
    const text = JSON.stringify(body)
    for (const secret of ['Hotel Avenida', 'London', '"base"', '"journey"', '"locked"']) expect(text).not.toContain(secret)
  })

  it('a shared trip gives anyone the same trip to copy, without its owner’s origin or stay', async () => {
    const hal = await app.member('trip_hal')
    const savedId = await savedLisbon(hal.token)
    const shared = await call(handleShare, '/x', { token: hal.token, method: 'POST', params: { id: savedId } })
    const shareId = String(shared.body.share_url).split('/').at(-1)!
    const { status, body } = await call(handleGetSharedTrip, '/x', { params: { shareId } })
    expect(status).toBe(200)
    expect(body).toMatchObject({ title: 'Four days in Lisbon', destinations: ['Lisbon'], daysPerDestination: { Lisbon: 4 }, startDate: '2027-05-03' })
    expect(body.days.map((day: any) => day.places.map((place: any) => place.id))).toEqual(lisbonDays.map((day) => day.places.map((place: any) => place.id)))
    for (const secret of ['Hotel Avenida', 'London', '"base"', '"journey"']) expect(JSON.stringify(body)).not.toContain(secret)
    expect((await call(handleGetSharedTrip, '/x', { params: { shareId: 'no-such-link' } })).status).toBe(404)
  })

  it('keeps the trip as attached when the saved trip changes; an edit replaces or takes it off; another member’s trip is a 404', async () => {
    const ben = await app.member('trip_ben')
    const cleo = await app.member('trip_cleo')
    const savedId = await savedLisbon(ben.token, 'Lisbon first')
    const postId = (await app.photoPost(ben.token, { trip_id: savedId })).body.post.post_id as string
    // The saved trip renamed and cut to its first day: the post's trip stays as it was.
    const later = await call(handleSaveFull, '/x', {
      token: ben.token,
      body: {
        saved_id: savedId,
        title: 'Renamed',
        tripData: { destinations: ['Lisbon'], startDate: '2027-05-03', endDate: '2027-05-03', daysPerDestination: { Lisbon: 1 } },
        editableItinerary: lisbonDays.slice(0, 1),
      },
    })
    expect(later.status).toBeLessThan(300)
    expect((await tripOf(postId)).body.trip).toMatchObject({ title: 'Lisbon first', days: expect.any(Array) })
    expect((await tripOf(postId)).body.trip.days).toHaveLength(4)

    expect((await app.photoPost(ben.token, { trip_id: await savedLisbon(cleo.token) })).status).toBe(404)
    for (const id of ["1' OR '1'='1", '\u0000', 'x'.repeat(5000)]) expect((await app.photoPost(ben.token, { trip_id: id })).status).toBe(404)
    expect((await edit(ben.token, postId, { trip_id: await savedLisbon(cleo.token) })).status).toBe(404)

    const second = await savedLisbon(ben.token, 'Lisbon again')
    expect((await edit(ben.token, postId, { trip_id: second })).body.post.trip.title).toBe('Lisbon again')
    // An edit that says nothing of the trip keeps it.
    expect((await edit(ben.token, postId, {})).body.post.trip.title).toBe('Lisbon again')
    expect((await edit(ben.token, postId, { remove_trip: 'true' })).body.post.trip).toBeNull()
    expect((await tripOf(postId)).status).toBe(404)
  })

  it('counts each traveller who makes the trip their own once, tells the author once, and not for the author’s own copies', async () => {
    const dora = await app.member('trip_dora')
    const eli = await app.member('trip_eli')
    const postId = (await app.photoPost(dora.token, { trip_id: await savedLisbon(dora.token) })).body.post.post_id as string
    expect((await copy(eli.token, postId)).body).toEqual({ copies: 1 })
    expect((await copy(eli.token, postId)).body).toEqual({ copies: 1 })
    expect((await copy(dora.token, postId)).body).toEqual({ copies: 1 })
    expect((await app.feed(eli.token, '?trips=true')).body.posts.find((post: any) => post.post_id === postId).trip.copies).toBe(1)
    await catchUp(app.db, notificationsProjection)
    const notes = await call(notificationsHttp.handleNotifications, '/x', { token: dora.token })
    expect(notes.body.map((note: any) => note.message)).toEqual(['@trip_eli made your Lisbon trip their own'])
    // A post without a trip has nothing to copy.
    const plain = (await app.photoPost(dora.token)).body.post.post_id as string
    expect((await copy(eli.token, plain)).status).toBe(404)
  })

  it('goes with its post: deleted, or its author deleted, the trip and its copies leave the read models as a rebuild leaves them', async () => {
    const fay = await app.member('trip_fay')
    const gus = await app.member('trip_gus')
    const first = (await app.photoPost(fay.token, { trip_id: await savedLisbon(fay.token) })).body.post.post_id as string
    const second = (await app.photoPost(gus.token, { trip_id: await savedLisbon(gus.token) })).body.post.post_id as string
    await copy(gus.token, first)
    await copy(fay.token, second)
    await call(http.handleDeletePost, '/x', { token: fay.token, method: 'DELETE', params: { post_id: first } })
    expect((await tripOf(first)).status).toBe(404)
    const admin = await app.loggedIn('trip-admin@example.com')
    await app.run(setRole(admin.email, 'admin', 'cli'))
    expect((await call(handleDeleteUser, '/x', { token: admin.accessToken, params: { id: fay.userId }, body: {} })).status).toBe(200)
    const after = await app.feed(gus.token, '?trips=true')
    expect(after.body.posts.find((post: any) => post.post_id === second).trip.copies).toBe(0)

    const tables = [
      ['rs_posts', 'post_id'],
      ['rs_post_trips', 'post_id'],
      ['rs_trip_copies', 'post_id, copier_id'],
    ] as const
    const read = () => Promise.all(tables.map(async ([table, order]) => (await sql.raw(`SELECT * FROM ${table} ORDER BY ${order}`).execute(app.db)).rows))
    const live = await read()
    await rebuildProjection(
      app.db,
      registry,
      registry.inline.find((projection) => projection.name === 'roam_share_posts')!,
    )
    expect(await read()).toEqual(live)
  })
})
