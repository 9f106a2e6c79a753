import { beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../app/layer.ts'
import type { Handler } from '../../platform/http.ts'
import { auditModeration, auditVerify } from '../../cli/commands/audit.ts'
import type { CliContext } from '../../cli/context.ts'
import * as admin from './http.ts'
import { adminHarness } from './test-support.ts'

let h: Awaited<ReturnType<typeof adminHarness>>
beforeAll(async () => {
  h = await adminHarness()
})

/** Runs a CLI command against the test database, returning its exit code and output. */
async function cli(command: typeof auditVerify, args: string[]) {
  const lines: string[] = []
  const context = { database: h.database, databaseUrl: h.database.url, runtime: h.runtime, args, out: (line: string) => lines.push(line) }
  const code = (await command.run(context as unknown as CliContext)) ?? 0
  return { code, lines }
}

describe('the audit commands', () => {
  it('print the moderation history from the log, filtered, and confirm the read models match it until one is tampered with', async () => {
    const moderator = await h.withRole('auditor@example.com', 'admin')
    const first = await h.loggedIn('first@example.com')
    const second = await h.loggedIn('second@example.com')
    const act = (handler: Handler<AppServices>, id: string, body: object = {}) =>
      h.call(handler, '/api/admin/x', { token: moderator.accessToken, body, params: { id } })
    await act(admin.handleWarn, first.userId, { reason: 'Off-topic posts' })
    await act(admin.handleBlock, first.userId, { reason: 'Kept posting off-topic' })
    await act(admin.handleDeleteUser, second.userId)
    await h.settle()

    const all = await cli(auditModeration, [])
    expect(all.code).toBe(0)
    expect(all.lines).toHaveLength(5)
    expect(all.lines[0]).toMatch(/Changed role {2}auditor@example\.com \(.+\) {2}by the operator \(CLI\) {2}user → admin$/)
    expect(all.lines[1]).toMatch(/Warned .*first@example\.com .* by auditor@example\.com .* note: "Off-topic posts"$/)
    expect(all.lines[2]).toMatch(/Blocked .*first@example\.com .* note: "Kept posting off-topic"$/)
    expect(all.lines[3]).toMatch(new RegExp(`Deleted .*deleted account ${second.userId} {2}by auditor@example\\.com`))
    expect(all.lines[4]).toBe('4 moderation actions')
    expect((await cli(auditModeration, ['--user', 'FIRST@'])).lines).toHaveLength(3)
    expect((await cli(auditModeration, ['--user', second.userId])).lines).toHaveLength(2)
    expect((await cli(auditModeration, ['--admin', 'auditor', '--from', '2020-01-01'])).lines.at(-1)).toBe('3 moderation actions')
    expect((await cli(auditModeration, ['--to', '2020-01-01'])).lines).toEqual(['0 moderation actions'])
    expect(await cli(auditModeration, ['--from', 'last week'])).toEqual({ code: 1, lines: ['Give a date (YYYY-MM-DD) or a month (YYYY-MM).'] })
    const json = (await cli(auditModeration, ['--json', '--user', 'first'])).lines.map((line) => JSON.parse(line))
    expect(json.map((line) => line.action)).toEqual(['warn', 'block'])

    const clean = await cli(auditVerify, [])
    expect(clean.code).toBe(0)
    expect(clean.lines).toEqual([
      expect.stringMatching(/^accounts: matches the log \(\d+ events replayed\)$/),
      expect.stringMatching(/^admin_users: matches the log/),
      expect.stringMatching(/^admin_stats: matches the log/),
      expect.stringMatching(/^moderation_history: matches the log/),
    ])

    // Someone unblocks a user by hand in the read model, and inflates a counter.
    await h.db.updateTable('accounts').set({ blocked: false }).where('user_id', '=', first.userId).execute()
    await h.db.updateTable('admin_counters').set({ value: 99 }).where('name', '=', 'total_users').execute()
    const tampered = await cli(auditVerify, [])
    expect(tampered.code).toBe(1)
    expect(tampered.lines.join('\n')).toMatch(/accounts: DIFFERS from the log[\s\S]*accounts: 1 row\(s\) the log gives are missing, 1 live row\(s\)/)
    expect(tampered.lines.join('\n')).toContain(`"blocked":true,"user_id":"${first.userId}"`)
    expect(tampered.lines.join('\n')).toMatch(/admin_stats: DIFFERS[\s\S]*"value":99/)
    expect(tampered.lines.some((line) => line.startsWith('admin_users: matches'))).toBe(true)
    // Nothing was left behind by the checks.
    expect(await h.db.selectFrom('accounts').select('blocked').where('user_id', '=', first.userId).executeTakeFirst()).toEqual({ blocked: false })
  })
})
