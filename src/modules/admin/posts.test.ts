import { describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { catchUp } from '../../events/projector.ts'
import { rebuildProjection } from '../../events/rebuild.ts'
import { allProjections } from '../../events/registry.ts'
import { setRole } from '../auth/roles.ts'
import * as notificationsHttp from '../notifications/http.ts'
import * as share from '../roam-share/http.ts'
import { shareHarness } from '../roam-share/test-support.ts'
import * as admin from './http.ts'

const app = await shareHarness()
const { call } = app
const settle = async () => {
  for (const projection of registry.async) await catchUp(app.db, projection)
}

const moderator = await app.loggedIn('post-moderator@example.com')
await app.run(setRole(moderator.email, 'admin', 'cli'))
const ana = await app.member('ana_posts')
const ben = await app.member('ben_reports')

const adminPosts = async (query = '') => call(admin.handlePosts, `/api/admin/posts${query}`, { token: moderator.accessToken })
const dashboard = async () => {
  await settle()
  return (await call(admin.handleDashboard, '/api/admin/dashboard', { token: moderator.accessToken })).body
}
const messagesOf = async (token: string) => {
  await settle()
  return (await call(notificationsHttp.handleNotifications, '/api/notifications', { token })).body.map((note: { message: string }) => note.message)
}
const report = (postId: string, reason: string) => call(share.handleReport, '/x', { token: ben.token, body: { post_id: postId, reason } })

describe('moderating posts', () => {
  it('lists reported posts with the reasons and the author, clears a report, removes a post and tells its author, and keeps the counts', async () => {
    const first = (await app.photoPost(ana.token, { caption: 'Harbour at dawn' })).body.post.post_id as string
    const second = (await app.photoPost(ana.token, { caption: 'Buy cheap watches here' })).body.post.post_id as string
    expect(await dashboard()).toMatchObject({ totalPosts: 2, reportedPostsCount: 0 })

    await report(second, 'Spam, Other: selling things')
    const reported = await adminPosts('?reported=true')
    expect(reported.body).toHaveLength(1)
    expect(reported.body[0]).toMatchObject({
      post_id: second,
      username: 'ana_posts',
      email: ana.email,
      is_reported: true,
      caption: 'Buy cheap watches here',
      reports: [{ reason: 'Spam, Other: selling things', reporter: 'ben_reports' }],
    })
    expect((await adminPosts()).body.map((post: { post_id: string }) => post.post_id)).toEqual([second, first])
    expect(await dashboard()).toMatchObject({ totalPosts: 2, reportedPostsCount: 1 })

    // Only admins; an unknown post is a 404.
    expect((await call(admin.handlePosts, '/api/admin/posts', { token: ben.token })).status).toBe(403)
    expect((await call(admin.handleClearReport, '/x', { token: ben.token, params: { postId: second } })).status).toBe(403)
    expect((await call(admin.handleRemovePost, '/x', { token: moderator.accessToken, params: { postId: 'not-a-post' } })).status).toBe(404)

    const cleared = await call(admin.handleClearReport, '/x', { token: moderator.accessToken, params: { postId: second } })
    expect(cleared).toMatchObject({ status: 200, body: { message: 'Report cleared' } })
    expect((await adminPosts('?reported=true')).body).toEqual([])
    expect(await dashboard()).toMatchObject({ totalPosts: 2, reportedPostsCount: 0 })

    await report(second, 'Spam')
    const removed = await call(admin.handleRemovePost, '/x', { token: moderator.accessToken, params: { postId: second }, body: { reason: 'Advertising' } })
    expect(removed).toMatchObject({ status: 200, body: { message: 'Post deleted' } })
    expect((await adminPosts()).body.map((post: { post_id: string }) => post.post_id)).toEqual([first])
    expect((await app.feed(ben.token)).body.posts.map((post: { post_id: string }) => post.post_id)).toEqual([first])
    expect(await dashboard()).toMatchObject({ totalPosts: 1, reportedPostsCount: 0 })
    expect(await messagesOf(ana.token)).toContain('Your post was removed by a moderator. Reason: Advertising')

    const history = await call(admin.handleActivity, `/api/admin/activity?target=${ana.userId}`, { token: moderator.accessToken })
    expect(history.body.map((entry: { action: string; post_id: string; note: string | null }) => [entry.action, entry.post_id, entry.note])).toEqual([
      ['remove_post', second, 'Advertising'],
      ['clear_report', second, null],
    ])
    expect(history.body[0]).toMatchObject({ admin_email: moderator.email, target_email: ana.email })
  })

  it('tells a warned user the warning, finds users by username, and erases a deleted author’s posts, profile, likes and follows', async () => {
    await call(admin.handleWarn, '/x', { token: moderator.accessToken, params: { id: ana.userId }, body: { reason: 'Please keep posts on topic.' } })
    expect(await messagesOf(ana.token)).toContain('You received a warning from an administrator: Please keep posts on topic.')

    const found = await call(admin.handleUsers, '/api/admin/users?search=NA_POS', { token: moderator.accessToken })
    expect(found.body.map((user: { username: string }) => user.username)).toEqual(['ana_posts'])

    const post = (await app.photoPost(ana.token, { caption: 'Last one' })).body.post.post_id as string
    const bens = (await app.photoPost(ben.token, { caption: 'Ben at the coast' })).body.post.post_id as string
    await report(post, 'Harassment')
    // Likes and follows both ways: what is ana's goes with her, ben's counts come back down.
    await call(share.handleLike, '/x', { token: ben.token, params: { post_id: post } })
    await call(share.handleLike, '/x', { token: ana.token, params: { post_id: bens } })
    await call(share.handleFollow, '/x', { token: ana.token, body: { userId: ben.userId } })
    await call(share.handleFollow, '/x', { token: ben.token, body: { userId: ana.userId } })
    const benProfile = async () => (await call(share.handleUserProfile, '/x', { token: ben.token, params: { username: 'ben_reports' } })).body
    expect((await benProfile()).profile).toMatchObject({ follower_count: 1, following_count: 1 })
    expect(app.storedFiles().some((file) => file.startsWith('roam_share_posts/'))).toBe(true)
    const deleted = await call(admin.handleDeleteUser, '/x', { token: moderator.accessToken, params: { id: ana.userId }, body: {} })
    expect(deleted.body.message).toBe('User and related data deleted successfully')

    const streams = await app.db
      .selectFrom('event_streams')
      .select('stream_id')
      .where('stream_id', '!~', '^(user|post-' + bens + ')')
      .execute()
    // What is left: ben's profile, and the moderation record of the post removed above (it outlives its author).
    expect(streams.map((row) => row.stream_id).sort()).toEqual([expect.stringMatching(/^moderation-post-/), `profile-${ben.userId}`])
    expect((await benProfile()).profile).toMatchObject({ follower_count: 0, following_count: 0 })
    expect((await app.feed(ben.token)).body.posts).toEqual([expect.objectContaining({ post_id: bens, likes: 0 })])
    expect((await adminPosts()).body.map((row: { post_id: string }) => row.post_id)).toEqual([bens])
    expect(await dashboard()).toMatchObject({ totalPosts: 1, reportedPostsCount: 0 })
    const claimed = await call(share.handleSetUsername, '/x', { token: ben.token, body: { username: 'ana_posts' } })
    expect(claimed.status).toBe(409) // ben already has a username; the name itself is free again:
    const carl = await app.loggedIn('carl-after@example.com')
    expect((await call(share.handleSetUsername, '/x', { token: carl.accessToken, body: { username: 'ana_posts' } })).status).toBe(200)

    // What is left of the log replays to the same read models.
    await settle()
    for (const projection of allProjections(registry).filter((p) => p.name !== 'event_stats_daily')) {
      const before = await Promise.all(projection.tables.map((table) => rows(table)))
      await rebuildProjection(app.db, registry, projection)
      expect(await Promise.all(projection.tables.map((table) => rows(table))), projection.name).toEqual(before)
    }
  })
})

const rows = (table: string) =>
  app.db
    .selectFrom(table as never)
    .selectAll()
    .execute()
    .then((found) => found.map((row) => JSON.stringify(row)).sort())
