import { sql } from 'kysely'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { auditModeration, auditVerify } from '../../cli/commands/audit.ts'
import type { CliContext } from '../../cli/context.ts'
import { catchUp } from '../../events/projector.ts'
import { ensureProjections } from '../../events/rebuild.ts'
import { MIGRATIONS_DIR } from '../../platform/migrations.ts'
import { setRole } from '../auth/roles.ts'
import * as share from '../roam-share/http.ts'
import { clearReports, removePostAsModerator } from '../roam-share/post-commands.ts'
import { shareHarness } from '../roam-share/test-support.ts'
import { auditTrail } from './audit.ts'
import * as admin from './http.ts'

const app = await shareHarness()
const settle = async () => {
  for (const projection of registry.async) await catchUp(app.db, projection)
}

/** Runs a CLI command against the test database, returning its exit code and output. */
async function cli(command: typeof auditModeration, args: string[]) {
  const lines: string[] = []
  const context = { database: app.database, databaseUrl: app.database.url, runtime: app.runtime, args, out: (line: string) => lines.push(line) }
  const code = (await command.run(context as unknown as CliContext)) ?? 0
  return { code, lines }
}

/** Every row of every table (and every event) whose text holds one of these words. */
async function rowsMentioning(words: readonly string[]) {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(app.db)
  const found: string[] = []
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.raw(name)} t`.execute(app.db)
    for (const { row } of rows) if (words.some((word) => row.toLowerCase().includes(word.toLowerCase()))) found.push(`${name}: ${row}`)
  }
  return found
}

describe('the moderation history after the people in it are deleted', () => {
  it('still shows a cleared report and a removed post of a deleted author, by a deleted moderator, with no personal data left', async () => {
    const boss = await app.loggedIn('chief-moderator@example.com')
    await app.run(setRole(boss.email, 'super-admin', 'cli'))
    const moderator = await app.loggedIn('post-moderator@example.com')
    await app.run(setRole(moderator.email, 'admin', 'cli'))
    const author = await app.member('ana_erased')
    const reporter = await app.member('ben_reporter')

    const kept = (await app.photoPost(author.token, { caption: 'Harbour at dawn', location: 'Porto, Portugal' })).body.post.post_id as string
    const removed = (await app.photoPost(author.token, { caption: 'Cheap watches at my stall' })).body.post.post_id as string
    for (const postId of [kept, removed]) {
      await app.call(share.handleReport, '/x', { token: reporter.token, body: { post_id: postId, reason: 'Spam' } })
    }
    const moderate = { token: moderator.accessToken }
    expect((await app.call(admin.handleClearReport, '/x', { ...moderate, params: { postId: kept } })).status).toBe(200)
    expect((await app.call(admin.handleRemovePost, '/x', { ...moderate, params: { postId: removed }, body: { reason: 'Advertising' } })).status).toBe(200)

    // The author is deleted by the moderator, then the moderator by a super-admin.
    expect((await app.call(admin.handleDeleteUser, '/x', { ...moderate, params: { id: author.userId }, body: {} })).status).toBe(200)
    expect((await app.call(admin.handleDeleteUser, '/x', { token: boss.accessToken, params: { id: moderator.userId }, body: {} })).status).toBe(200)
    await settle()

    // audit:moderation, read from the log.
    const audit = await cli(auditModeration, ['--user', author.userId])
    expect(audit.code).toBe(0)
    expect(audit.lines).toEqual([
      expect.stringMatching(
        new RegExp(`Cleared report +deleted post of a deleted account \\(post ${kept}, account ${author.userId}\\) +by deleted account ${moderator.userId}$`),
      ),
      expect.stringMatching(
        new RegExp(
          `Removed post +deleted post of a deleted account \\(post ${removed}, account ${author.userId}\\) +by deleted account ${moderator.userId} +note: "Advertising"$`,
        ),
      ),
      expect.stringMatching(new RegExp(`Deleted +deleted account ${author.userId} +by deleted account ${moderator.userId}$`)),
      '3 moderation actions',
    ])

    // The Activity tab's data, from its read model.
    const activity = await app.call(admin.handleActivity, `/api/admin/activity?target=${author.userId}`, { token: boss.accessToken })
    expect(activity.status).toBe(200)
    expect(
      activity.body.map((entry: Record<string, unknown>) => [entry.action, entry.post_id, entry.admin_id, entry.target_email, entry.admin_email, entry.note]),
    ).toEqual([
      ['delete', null, moderator.userId, null, null, null],
      ['remove_post', removed, moderator.userId, null, null, 'Advertising'],
      ['clear_report', kept, moderator.userId, null, null, null],
    ])
    const removals = await app.call(admin.handleActivity, `/api/admin/activity?action=remove_post`, { token: boss.accessToken })
    expect(removals.body).toEqual([expect.objectContaining({ post_id: removed, target_id: author.userId })])

    // The read model is what the remaining log replays to.
    expect((await cli(auditVerify, ['moderation_history'])).code).toBe(0)

    // Nothing left names the author or the moderator, or holds the author's words.
    expect(await rowsMentioning([author.email, author.username, moderator.email, 'Harbour at dawn', 'Cheap watches', 'Porto, Portugal'])).toEqual([])
  })

  it('keeps the post moderation an install logged before posts had moderation records, once the migration has copied it', async () => {
    const moderator = await app.loggedIn('earlier-moderator@example.com')
    await app.run(setRole(moderator.email, 'admin', 'cli'))
    const author = await app.member('cleo_earlier')
    const reporter = await app.member('dan_earlier')
    const kept = (await app.photoPost(author.token, { caption: 'Old harbour' })).body.post.post_id as string
    const removed = (await app.photoPost(author.token, { caption: 'Old stall' })).body.post.post_id as string
    for (const postId of [kept, removed]) {
      await app.call(share.handleReport, '/x', { token: reporter.token, body: { post_id: postId, reason: 'Spam' } })
    }
    // Moderated as before: the post streams alone say so.
    await app.run(clearReports(kept, moderator.userId))
    await app.run(removePostAsModerator(removed, moderator.userId, 'Off topic'))

    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0053_post_moderation_records.sql'), 'utf8')
    await app.db.transaction().execute((trx) => sql.raw(migration).execute(trx))
    await ensureProjections(app.db, registry)
    expect((await app.call(admin.handleDeleteUser, '/x', { token: moderator.accessToken, params: { id: author.userId }, body: {} })).status).toBe(200)
    await settle()

    const lines = await app.run(auditTrail({ user: author.userId }))
    expect(lines.map((line) => [line.action, line.postId, line.adminEmail, line.targetEmail, line.note])).toEqual([
      ['clear_report', kept, moderator.email, null, null],
      ['remove_post', removed, moderator.email, null, 'Off topic'],
      ['delete', null, moderator.email, null, null],
    ])
    const activity = await app.call(admin.handleActivity, `/api/admin/activity?target=${author.userId}`, { token: moderator.accessToken })
    expect(activity.body.map((entry: Record<string, unknown>) => [entry.action, entry.post_id, entry.note])).toEqual([
      ['delete', null, null],
      ['remove_post', removed, 'Off topic'],
      ['clear_report', kept, null],
    ])
    expect((await cli(auditVerify, ['moderation_history'])).code).toBe(0)
  })
})
