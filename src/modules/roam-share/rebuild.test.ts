import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { catchUp } from '../../events/projector.ts'
import { rebuildProjection } from '../../events/rebuild.ts'
import * as http from './http.ts'
import { clearReports, removePostAsModerator } from './post-commands.ts'
import { shareHarness } from './test-support.ts'

const app = await shareHarness()
const { call } = app

const snapshot = async (table: string, order: string) => (await sql.raw(`SELECT * FROM ${table} ORDER BY ${order}`).execute(app.db)).rows

describe('Roam Share read models', () => {
  it('rebuilt from the log equal the live ones, row for row', async () => {
    const members = [await app.member('rebuild_a'), await app.member('rebuild_b'), await app.member('rebuild_c')]
    const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]]
    const posts = []
    for (const author of [a, b, a, c]) posts.push((await app.photoPost(author.token)).body.post.post_id as string)
    for (const liker of [b, c])
      for (const postId of posts) await call(http.handleLike, '/x', { token: liker.token, params: { post_id: postId }, method: 'POST' })
    await call(http.handleLike, '/x', { token: b.token, params: { post_id: posts[0]! }, method: 'POST' })
    await call(http.handleFollow, '/x', { token: b.token, body: { userId: a.userId } })
    await call(http.handleFollow, '/x', { token: c.token, body: { userId: a.userId } })
    await call(http.handleUnfollow, '/x', { token: c.token, body: { userId: a.userId } })
    await call(http.handleReport, '/x', { token: c.token, body: { post_id: posts[1], reason: 'Spam' } })
    await call(http.handleReport, '/x', { token: a.token, body: { post_id: posts[3], reason: 'Harassment' } })
    await app.run(clearReports(posts[1]!, a.userId))
    await app.run(removePostAsModerator(posts[3]!, a.userId, 'Harassment'))
    await call(http.handleDeletePost, '/x', { token: a.token, method: 'DELETE', params: { post_id: posts[2]! } })
    await catchUp(
      app.db,
      registry.async.find((p) => p.name === 'notifications')!,
    )

    const tables: [string, string, string][] = [
      ['roam_share_profiles', 'rs_profiles', 'user_id'],
      ['roam_share_follows', 'rs_follows', 'follower_id, followee_id'],
      ['roam_share_posts', 'rs_posts', 'post_id'],
      ['roam_share_posts', 'rs_post_tags', 'tag, seq'],
      ['roam_share_likes', 'rs_likes', 'post_id, user_id'],
      ['roam_share_reports', 'rs_reports', 'report_id'],
      ['notifications', 'notifications', 'id'],
    ]
    const live = await Promise.all(tables.map(([, table, order]) => snapshot(table, order)))
    expect((live[2] as { likes: number }[]).map((row) => row.likes).sort()).toEqual([1, 2])
    for (const name of new Set(tables.map(([name]) => name))) {
      await rebuildProjection(
        app.db,
        registry,
        registry.inline.concat(registry.async).find((p) => p.name === name)!,
      )
    }
    const rebuilt = await Promise.all(tables.map(([, table, order]) => snapshot(table, order)))
    expect(rebuilt).toEqual(live)
  })
})
