import { beforeAll, describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { rebuildProjection } from '../../events/rebuild.ts'
import { allProjections } from '../../events/registry.ts'
import { handleLogin, handleMe } from '../auth/http.ts'
import * as bucketLists from '../bucket-list/http.ts'
import * as admin from './http.ts'
import { adminHarness } from './test-support.ts'

let h: Awaited<ReturnType<typeof adminHarness>>
beforeAll(async () => {
  h = await adminHarness()
})

const tableRows = (table: string) =>
  h.db
    .selectFrom(table as never)
    .selectAll()
    .execute()
    .then((rows) => rows.map((row) => JSON.stringify(row)).sort())

describe('deleting a user', () => {
  it("removes their personal data, sessions and bucket lists, keeps everyone else's, and leaves a log that replays to the same read models", async () => {
    const moderator = await h.withRole('deleter@example.com', 'admin')
    const doomed = await h.withRole('doomed@example.com', 'user')
    const bystander = await h.withRole('bystander@example.com', 'user')
    for (const session of [doomed, bystander]) {
      await h.call(bucketLists.handleCreateBucketList, '/api/bucketlist/create', {
        token: session.accessToken,
        body: { title: 'Someday', items: [{ activity: 'Sail the Adriatic', location: 'Split' }] },
      })
    }
    await h.call(admin.handleWarn, '/api/admin/users/warnings', {
      token: moderator.accessToken,
      body: { reason: 'Last chance' },
      params: { id: doomed.userId },
    })
    await h.call(admin.handleBlock, '/api/admin/block', { token: moderator.accessToken, body: {}, params: { id: doomed.userId } })
    await h.settle()
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: moderator.accessToken })).body).toMatchObject({
      totalUsers: 3,
      activeUsersToday: 3,
      bannedUsersCount: 1,
    })

    const answer = await h.call(admin.handleDeleteUser, '/api/admin/delete', {
      token: moderator.accessToken,
      body: { reason: 'Spam account' },
      params: { id: doomed.userId },
    })
    expect(answer).toMatchObject({ status: 200, body: { message: 'User and related data deleted successfully' } })

    // Personal data and sessions are gone; the user's token and password open nothing.
    expect(await h.db.selectFrom('users').select('id').where('id', '=', doomed.userId).execute()).toEqual([])
    expect(await h.db.selectFrom('refresh_tokens').select('user_id').where('user_id', '=', doomed.userId).execute()).toEqual([])
    expect((await h.call(handleMe, '/api/users/me', { token: doomed.accessToken })).status).toBe(401)
    expect((await h.refresh(doomed.cookie)).status).toBe(401)
    expect((await h.call(handleLogin, '/auth/login', { body: { email: doomed.email, password: doomed.password } })).status).toBe(401)

    // Their content streams are purged; the read models hold nothing of them; others keep theirs.
    const streams = await h.db.selectFrom('event_streams').select(['stream_id', 'stream_type']).execute()
    const events = await h.db.selectFrom('events').select(['stream_id', 'data']).execute()
    expect(streams.filter((s) => s.stream_type === 'bucketlist')).toHaveLength(1)
    expect(events.some((event) => JSON.stringify(event.data).includes('Adriatic') && event.stream_id.startsWith('bucketlist-'))).toBe(true)
    expect((await h.call(bucketLists.handleAllBucketLists, '/api/bucketlist/all', { token: bystander.accessToken })).body).toHaveLength(1)
    expect(await h.db.selectFrom('bucket_lists').select('owner_id').execute()).toEqual([{ owner_id: bystander.userId }])
    for (const table of ['accounts', 'admin_users', 'admin_warnings'] as const) {
      expect(await h.db.selectFrom(table).select('user_id').where('user_id', '=', doomed.userId).execute()).toEqual([])
    }
    expect(
      await h.db.selectFrom('events').select('type').where('stream_id', '=', `user-${doomed.userId}`).orderBy('stream_version', 'desc').limit(1).execute(),
    ).toEqual([{ type: 'UserDeleted' }])

    await h.settle()
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: moderator.accessToken })).body).toMatchObject({
      totalUsers: 2,
      activeUsersToday: 2,
      activeUsersThisMonth: 2,
      bannedUsersCount: 0,
    })
    const history = await h.call(admin.handleActivity, '/api/admin/activity?target=' + doomed.userId, { token: moderator.accessToken })
    expect(history.body.map((entry: { action: string; note: string | null }) => [entry.action, entry.note])).toEqual([
      ['delete', 'Spam account'],
      ['block', null],
      ['warn', 'Last chance'],
    ])
    expect(history.body[0]).toMatchObject({ admin_email: 'deleter@example.com', target_email: null })

    // A replay of what is left of the log gives every read model row for row; the one exception counts
    // the log's own events per type and day, and a rebuild of it counts what the purge left.
    for (const projection of allProjections(registry).filter((p) => p.name !== 'event_stats_daily')) {
      const before = await Promise.all(projection.tables.map(tableRows))
      await rebuildProjection(h.db, registry, projection)
      expect(await Promise.all(projection.tables.map(tableRows)), projection.name).toEqual(before)
    }
  })

  it('refuses to delete an account twice', async () => {
    const moderator = await h.withRole('twice@example.com', 'admin')
    const user = await h.withRole('once@example.com', 'user')
    const remove = () => h.call(admin.handleDeleteUser, '/api/admin/delete', { token: moderator.accessToken, body: {}, params: { id: user.userId } })
    expect((await remove()).status).toBe(200)
    expect(await remove()).toMatchObject({ status: 404, body: { error: 'User not found' } })
  })
})
