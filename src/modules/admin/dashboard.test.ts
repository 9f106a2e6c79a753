import { beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../app/layer.ts'
import type { Handler } from '../../platform/http.ts'
import { handleLogin } from '../auth/http.ts'
import * as admin from './http.ts'
import { searchUsers } from './queries.ts'
import { adminHarness } from './test-support.ts'

let h: Awaited<ReturnType<typeof adminHarness>>
let boss: { email: string; password: string }
let token: string
beforeAll(async () => {
  h = await adminHarness()
  boss = await h.withRole('stats-admin@example.com', 'super-admin')
  await logInAgain()
})

/** A fresh token after the clock moved (which counts the admin as active that day too). */
async function logInAgain() {
  token = (await h.call(handleLogin, '/auth/login', { body: boss })).body.accessToken
}

const get = (handler: Handler<AppServices>, path: string) => h.call(handler, path, { token })
const DAY = 86_400_000

describe('dashboard statistics', () => {
  it('count users, bans and distinct active users per day, ISO week and month, from the read models', async () => {
    // 2026-06-01 is a Monday. The admin logged in that day too.
    const ana = await h.loggedIn('ana@example.com')
    const ben = await h.loggedIn('ben@example.com')
    await h.verifiedAccount('never-logged-in@example.com')
    h.clock.advance(DAY) // Tuesday 2 June: the admin, Ana again, Cleo for the first time
    await logInAgain()
    await h.call(handleLogin, '/auth/login', { body: { email: ana.email, password: ana.password } })
    const cleo = await h.loggedIn('cleo@example.com')
    await h.call(admin.handleBlock, '/api/admin/block', { token, body: {}, params: { id: ben.userId } })
    await h.settle()

    expect((await get(admin.handleDashboard, '/api/admin/dashboard')).body).toEqual({
      totalUsers: 5,
      activeUsersToday: 3,
      activeUsersThisWeek: 4,
      activeUsersThisMonth: 4,
      totalPosts: 0,
      reportedPostsCount: 0,
      bannedUsersCount: 1,
    })
    expect((await get(admin.handleActiveUsers, '/api/admin/dashboard/active-users?date=2026-06-01')).body).toEqual({ date: '2026-06-01', activeUsers: 3 })
    expect((await get(admin.handleActiveUsers, '/api/admin/dashboard/active-users?month=2026-06')).body).toEqual({ month: '2026-06', activeUsers: 4 })
    expect((await get(admin.handleActiveUsers, '/api/admin/dashboard/active-users?date=2025-01-01')).body).toEqual({ date: '2025-01-01', activeUsers: 0 })
    for (const bad of ['date=2026-02-30', 'month=2026-13', 'date=yesterday', '']) {
      expect(await get(admin.handleActiveUsers, `/api/admin/dashboard/active-users?${bad}`)).toMatchObject({
        status: 400,
        body: { error: 'Give a date (YYYY-MM-DD) or a month (YYYY-MM).' },
      })
    }

    h.clock.advance(6 * DAY) // Monday 8 June: a new week, the same month
    await logInAgain()
    await h.call(handleLogin, '/auth/login', { body: { email: cleo.email, password: cleo.password } })
    await h.settle()
    expect((await get(admin.handleDashboard, '/api/admin/dashboard')).body).toMatchObject({
      activeUsersToday: 2,
      activeUsersThisWeek: 2,
      activeUsersThisMonth: 4,
    })

    const charts = (await get(admin.handleCharts, '/api/admin/dashboard/charts')).body
    expect(charts.daily).toHaveLength(30)
    expect(charts.daily.at(-1)).toEqual({ date: '2026-06-08', activeUsers: 2 })
    expect(charts.daily.slice(-8, -5)).toEqual([
      { date: '2026-06-01', activeUsers: 3 },
      { date: '2026-06-02', activeUsers: 3 },
      { date: '2026-06-03', activeUsers: 0 },
    ])
    expect(charts.monthly.map((m: { month: string }) => m.month)).toEqual([
      '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06',
    ]) // prettier-ignore
    expect(charts.monthly.at(-1)).toEqual({ month: '2026-06', activeUsers: 4 })
  })
})

describe('the user list', () => {
  it('searches e-mails case-insensitively by substring and filters by status, with the total in a header', async () => {
    await logInAgain()
    const names = ['Marta.Lopez', 'marten', 'lopez.m', 'zed']
    const sessions = []
    for (const name of names) sessions.push(await h.loggedIn(`${name.toLowerCase()}@search.example`))
    await h.call(admin.handleBlock, '/api/admin/block', { token, body: {}, params: { id: sessions[1]!.userId } })

    const search = (query: string) => get(admin.handleUsers, `/api/admin/users?${query}`)
    const emails = (answer: { body: { email: string }[] }) => answer.body.map((row) => row.email).sort()
    expect(emails(await search('search=MARt'))).toEqual(['marta.lopez@search.example', 'marten@search.example'])
    expect(emails(await search('search=lopez&status=active'))).toEqual(['lopez.m@search.example', 'marta.lopez@search.example'])
    expect(emails(await search('search=search.example&status=banned'))).toEqual(['marten@search.example'])
    expect(emails(await search('search=100%25'))).toEqual([])

    const page = await search('search=search.example&limit=3&offset=0')
    expect(page.body).toHaveLength(3)
    expect(page.headers.get('x-total-count')).toBe('4')
    expect(page.body[0]).toEqual({
      id: sessions[3]!.userId,
      username: null,
      email: 'zed@search.example',
      is_blocked: false,
      role: 'user',
      verified: true,
      registered_at: expect.any(String),
      last_active_day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      warnings: 0,
    })
    expect((await search('search=search.example&limit=3&offset=3')).body).toHaveLength(1)

    // Past the count cap the same rows come from walking the newest accounts, and the count says "more than".
    const many = await h.run(searchUsers({ search: 'SEARCH.example', limit: 3, countCap: 2 }))
    expect(many.total).toBe(3)
    expect(many.users.map((row) => row.email)).toEqual(page.body.map((row: { email: string }) => row.email))
    const banned = await h.run(searchUsers({ search: 'search.example', status: 'banned', countCap: 0 }))
    expect(banned.users.map((row) => row.email)).toEqual(['marten@search.example'])
    expect((await search('status=sleeping')).status).toBe(400)
  })
})

describe('the moderation history', () => {
  it('lists who did what to whom, when and why, filtered by admin, target, action and dates', async () => {
    await logInAgain()
    const other = await h.withRole('second-admin@example.com', 'admin')
    const target = await h.loggedIn('history-target@example.com')
    const act = (handler: Handler<AppServices>, by: string, body: object = {}) =>
      h.call(handler, '/api/admin/x', { token: by, body, params: { id: target.userId } })
    await act(admin.handleWarn, token, { reason: 'Mind the language' })
    await act(admin.handleBlock, other.accessToken, { reason: 'Ignored the warning' })
    await act(admin.handleUnblock, token)
    await h.call(admin.handleRole, '/api/admin/x', { token, body: { role: 'admin' }, params: { id: target.userId } })
    await h.settle()

    const history = (query: string) => get(admin.handleActivity, `/api/admin/activity?target=history-target&${query}`)
    const all = await history('')
    expect(all.body.map((entry: { action: string }) => entry.action)).toEqual(['role', 'unblock', 'block', 'warn'])
    expect(all.body[0]).toMatchObject({ admin_email: 'stats-admin@example.com', target_email: 'history-target@example.com', detail: 'user → admin' })
    expect(all.body[2]).toMatchObject({ action: 'block', admin_email: 'second-admin@example.com', note: 'Ignored the warning', at: expect.any(String) })
    expect((await history('action=warn')).body).toEqual([expect.objectContaining({ action: 'warn', note: 'Mind the language' })])
    expect((await history('admin=SECOND-admin')).body.map((entry: { action: string }) => entry.action)).toEqual(['block'])
    expect((await history(`admin=${other.userId}`)).body).toHaveLength(1)
    const today = new Date().toISOString().slice(0, 10)
    expect((await history(`from=${today}&to=${today}`)).body).toHaveLength(4)
    expect((await history('to=2020-01-01')).body).toEqual([])
    expect(all.headers.get('x-total-count')).toBe('4')
  })
})
