import { beforeAll, describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { rebuildProjection } from '../../events/rebuild.ts'
import { authHarness } from '../auth/test-support.ts'
import { bucketListsProjection } from './projections.ts'
import * as http from './http.ts'

let h: Awaited<ReturnType<typeof authHarness>>
beforeAll(async () => {
  h = await authHarness()
})

const all = (token: string) => h.call(http.handleAllBucketLists, '/api/bucketlist/all', { token })
const create = (token: string, body: unknown) => h.call(http.handleCreateBucketList, '/api/bucketlist/create', { token, body })
const check = (token: string, id: string, is_checked: boolean) =>
  h.call(http.handleCheckItem, `/api/bucketlist/item/${id}`, { method: 'PUT', token, body: { is_checked }, params: { id } })
const remove = (token: string, id: string) => h.call(http.handleDeleteBucketList, `/api/bucketlist/${id}`, { method: 'DELETE', token, params: { id } })

const japan = {
  title: 'Japan',
  items: [
    { activity: 'See the cherry blossom', location: 'Kyoto', target_date: '2027-04-01', is_checked: false },
    { activity: 'Climb Mount Fuji', location: '', target_date: null, is_checked: false },
  ],
}

describe('bucket lists', () => {
  it('creates, lists, checks and deletes a list of its owner', async () => {
    const { accessToken } = await h.loggedIn('lists@example.com')
    const created = await create(accessToken, japan)
    expect(created).toMatchObject({ status: 201, body: { bucketListId: expect.any(String) } })
    const [list] = (await all(accessToken)).body
    expect(list).toMatchObject({
      id: created.body.bucketListId,
      title: 'Japan',
      items: [
        { activity: 'See the cherry blossom', location: 'Kyoto', target_date: '2027-04-01', is_checked: false },
        { activity: 'Climb Mount Fuji', location: '', target_date: null, is_checked: false },
      ],
    })
    const itemId = list.items[1].id
    expect(await check(accessToken, itemId, true)).toMatchObject({ status: 200, body: { id: itemId, is_checked: true } })
    expect((await all(accessToken)).body[0].items[1].is_checked).toBe(true)
    await check(accessToken, itemId, false)
    expect((await all(accessToken)).body[0].items[1].is_checked).toBe(false)

    expect(await remove(accessToken, list.id)).toMatchObject({ status: 200 })
    expect((await all(accessToken)).body).toEqual([])
    expect((await remove(accessToken, list.id)).status).toBe(404)
  })

  it("shows, checks and deletes nothing of another user's", async () => {
    const owner = await h.loggedIn('owner@example.com')
    const other = await h.loggedIn('nosy@example.com')
    const { bucketListId } = (await create(owner.accessToken, japan)).body
    const itemId = (await all(owner.accessToken)).body[0].items[0].id
    expect((await all(other.accessToken)).body).toEqual([])
    expect(await check(other.accessToken, itemId, true)).toMatchObject({ status: 404, body: { error: 'Bucket list not found' } })
    expect((await remove(other.accessToken, bucketListId)).status).toBe(404)
    expect((await remove(other.accessToken, 'not-an-id')).status).toBe(404)
    expect((await all(owner.accessToken)).body[0].items[0].is_checked).toBe(false)
  })

  it('needs a login, a title, activities and dates from today, and accepts items sent as a JSON string', async () => {
    const { accessToken } = await h.loggedIn('rules@example.com')
    expect((await h.call(http.handleAllBucketLists, '/api/bucketlist/all')).status).toBe(401)
    expect(await create(accessToken, { title: '', items: japan.items })).toMatchObject({
      status: 400,
      body: { message: 'Please give your bucket list a title.' },
    })
    expect(await create(accessToken, { title: 'Past', items: [{ activity: 'Go back', target_date: '2026-05-01' }] })).toMatchObject({
      status: 400,
      body: { message: 'Target dates cannot be in the past.' },
    })
    expect((await create(accessToken, { title: 'Bad', items: 42 })).status).toBe(400)
    expect((await create(accessToken, { title: 'As text', items: JSON.stringify(japan.items) })).status).toBe(201)
    expect((await all(accessToken)).body[0].items).toHaveLength(2)
  })

  it('rebuilds the read model from the log to the same rows', async () => {
    const { accessToken } = await h.loggedIn('rebuild@example.com')
    const { bucketListId } = (await create(accessToken, japan)).body
    await check(accessToken, (await all(accessToken)).body.find((list: { id: string }) => list.id === bucketListId).items[0].id, true)
    const rows = () => h.db.selectFrom('bucket_list_items').selectAll().orderBy('id').execute()
    const before = await rows()
    await rebuildProjection(h.db, registry, bucketListsProjection)
    expect(await rows()).toEqual(before)
  })
})
