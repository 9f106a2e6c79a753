import { afterAll, describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { startProjectorRunner } from '../../events/runner.ts'
import { setRole } from '../auth/roles.ts'
import * as share from '../roam-share/http.ts'
import { shareHarness } from '../roam-share/test-support.ts'
import * as admin from './http.ts'

/**
 * The dashboard's statistics are an async read model, updated by the projector a moment after a command
 * commits. An admin who clears a report and reloads the dashboard must read the count after their own
 * action, every time, with the projector running as it does in the server (woken by NOTIFY, in the
 * background).
 */
const app = await shareHarness()
const runner = startProjectorRunner(app.db, { databaseUrl: app.database.url, projections: registry.async, logger: app.logger })
afterAll(() => runner.stop())

const moderator = await app.loggedIn('own-writes-admin@example.com')
await app.run(setRole(moderator.email, 'admin', 'cli'))
const author = await app.member('own_writes_author')
const reporter = await app.member('own_writes_reporter')

const dashboard = (cookie?: string) =>
  app.call(admin.handleDashboard, '/api/admin/dashboard', { token: moderator.accessToken, ...(cookie ? { cookie } : {}) }).then((answer) => answer.body)

describe("an admin's own action", () => {
  it('shows in the statistics they read next, 50 times out of 50', { timeout: 180_000 }, async () => {
    const posts: string[] = []
    for (let i = 0; i < 50; i++) posts.push((await app.photoPost(author.token, { caption: `Post ${i}` })).body.post.post_id as string)
    for (const postId of posts) {
      await app.call(share.handleReport, '/x', { token: reporter.token, body: { post_id: postId, reason: 'Spam' } })
      await runner.drain()
      expect(await dashboard()).toMatchObject({ reportedPostsCount: 1 })

      const cleared = await app.call(admin.handleClearReport, '/x', { token: moderator.accessToken, params: { postId } })
      expect(cleared.status).toBe(200)
      const cookie = cleared.setCookie?.split(';')[0]
      expect(cookie).toMatch(/^roam_written=\d+\.\d+$/)
      expect(await dashboard(cookie)).toMatchObject({ reportedPostsCount: 0 })
    }
  })
})
