import { beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../app/layer.ts'
import type { Handler } from '../../platform/http.ts'
import { handleLogin, handleMe } from '../auth/http.ts'
import * as admin from './http.ts'
import { adminHarness } from './test-support.ts'

let h: Awaited<ReturnType<typeof adminHarness>>
beforeAll(async () => {
  h = await adminHarness()
})

const post = (handler: Handler<AppServices>, path: string, token: string, id: string, body: unknown = {}) =>
  h.call(handler, path, { token, body, params: { id } })

describe('who may use the admin API', () => {
  it('answers a visitor 401 and a user 403, and an admin or super-admin with the stats', async () => {
    const user = await h.withRole('plain@example.com', 'user')
    const moderator = await h.withRole('mod@example.com', 'admin')
    const boss = await h.withRole('boss@example.com', 'super-admin')
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard')).status).toBe(401)
    expect(await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: user.accessToken })).toMatchObject({
      status: 403,
      body: { error: 'You do not have permission to do this.' },
    })
    expect((await h.call(admin.handleUsers, '/api/admin/users', { token: user.accessToken })).status).toBe(403)
    expect((await post(admin.handleBlock, '/api/admin/block', user.accessToken, moderator.userId)).status).toBe(403)
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: moderator.accessToken })).status).toBe(200)
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: boss.accessToken })).status).toBe(200)
  })
})

describe('blocking', () => {
  it('cuts a user off at once (API, refresh, login) until an admin unblocks them', async () => {
    const moderator = await h.withRole('blocker@example.com', 'admin')
    const user = await h.withRole('rowdy@example.com', 'user')
    const blocked = { status: 403, body: { error: 'Your account has been blocked.' } }

    expect(await post(admin.handleBlock, '/api/admin/block', moderator.accessToken, user.userId, { reason: 'Spam in comments' })).toMatchObject({
      status: 200,
      body: { message: 'User blocked' },
    })
    expect(await h.call(handleMe, '/api/users/me', { token: user.accessToken })).toMatchObject(blocked)
    expect((await h.refresh(user.cookie)).status).toBe(401)
    expect(await h.call(handleLogin, '/auth/login', { body: { email: user.email, password: user.password } })).toMatchObject(blocked)
    const rows = await h.call(admin.handleUsers, '/api/admin/users?search=rowdy', { token: moderator.accessToken })
    expect(rows.body).toEqual([expect.objectContaining({ id: user.userId, email: 'rowdy@example.com', username: null, is_blocked: true })])

    expect(await post(admin.handleUnblock, '/api/admin/unblock', moderator.accessToken, user.userId)).toMatchObject({ status: 200 })
    const again = await h.call(handleLogin, '/auth/login', { body: { email: user.email, password: user.password } })
    expect(again.status).toBe(200)
    expect((await h.call(handleMe, '/api/users/me', { token: again.body.accessToken })).status).toBe(200)
  })

  it('refuses to let admins block or delete themselves or a super-admin', async () => {
    const moderator = await h.withRole('self@example.com', 'admin')
    const boss = await h.withRole('untouchable@example.com', 'super-admin')
    expect(await post(admin.handleBlock, '/api/admin/block', moderator.accessToken, moderator.userId)).toMatchObject({
      status: 403,
      body: { error: 'You cannot moderate your own account.' },
    })
    expect((await post(admin.handleDeleteUser, '/api/admin/delete', moderator.accessToken, moderator.userId)).status).toBe(403)
    for (const handler of [admin.handleBlock, admin.handleDeleteUser]) {
      expect(await post(handler, '/api/admin/x', moderator.accessToken, boss.userId)).toMatchObject({
        status: 403,
        body: { error: 'A super-admin cannot be blocked, warned, deleted or given another role here.' },
      })
    }
    expect((await h.call(handleMe, '/api/users/me', { token: boss.accessToken })).status).toBe(200)
  })

  it('lets only a super-admin act on an admin', async () => {
    const moderator = await h.withRole('peer-moderator@example.com', 'admin')
    const peer = await h.withRole('peer-admin@example.com', 'admin')
    const boss = await h.withRole('peer-boss@example.com', 'super-admin')
    for (const handler of [admin.handleBlock, admin.handleUnblock, admin.handleWarn, admin.handleDeleteUser]) {
      expect(await post(handler, '/api/admin/x', moderator.accessToken, peer.userId, { reason: 'Peer review' })).toMatchObject({
        status: 403,
        body: { error: 'Only a super-admin can block, unblock, warn or delete an admin.' },
      })
    }
    expect((await h.call(handleMe, '/api/users/me', { token: peer.accessToken })).status).toBe(200)
    expect((await post(admin.handleBlock, '/api/admin/block', boss.accessToken, peer.userId)).status).toBe(200)
    expect(await h.call(handleMe, '/api/users/me', { token: peer.accessToken })).toMatchObject({ status: 403 })
  })

  it('answers 404 for an unknown or malformed user id', async () => {
    const moderator = await h.withRole('finder@example.com', 'admin')
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await post(admin.handleBlock, '/api/admin/block', moderator.accessToken, id)).toMatchObject({ status: 404, body: { error: 'User not found' } })
    }
  })
})

describe('roles', () => {
  it('lets only a super-admin grant and revoke the admin role', async () => {
    const boss = await h.withRole('chief@example.com', 'super-admin')
    const moderator = await h.withRole('deputy@example.com', 'admin')
    const user = await h.withRole('promoted@example.com', 'user')
    const grant = (token: string) => h.call(admin.handleRole, '/api/admin/users/role', { token, body: { role: 'admin' }, params: { id: user.userId } })
    expect(await grant(moderator.accessToken)).toMatchObject({ status: 403, body: { error: 'Only a super-admin can grant or revoke the admin role.' } })
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: user.accessToken })).status).toBe(403)
    expect(await grant(boss.accessToken)).toMatchObject({ status: 200, body: { message: 'Admin role granted' } })
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: user.accessToken })).status).toBe(200)
    const revoke = await h.call(admin.handleRole, '/api/admin/users/role', { token: boss.accessToken, body: { role: 'user' }, params: { id: user.userId } })
    expect(revoke.body).toEqual({ message: 'Admin role revoked' })
    expect((await h.call(admin.handleDashboard, '/api/admin/dashboard', { token: user.accessToken })).status).toBe(403)
    const toSuper = await h.call(admin.handleRole, '/api/admin/users/role', {
      token: boss.accessToken,
      body: { role: 'super-admin' },
      params: { id: user.userId },
    })
    expect(toSuper.status).toBe(400)
  })
})

describe('warnings', () => {
  it('needs a message, stores the latest per user, and keeps its words out of the event log', async () => {
    const moderator = await h.withRole('warden@example.com', 'admin')
    const user = await h.withRole('warned@example.com', 'user')
    const warn = (reason: unknown) =>
      h.call(admin.handleWarn, '/api/admin/users/warnings', { token: moderator.accessToken, body: { reason }, params: { id: user.userId } })
    const latest = () => h.call(admin.handleLatestWarning, '/api/admin/users/warnings/latest', { token: moderator.accessToken, params: { id: user.userId } })

    expect((await latest()).body).toMatchObject({ reason: null })
    expect(await warn('   ')).toMatchObject({ status: 400, body: { error: 'Warning message required.' } })
    expect(await warn('First: please keep captions on topic')).toMatchObject({ status: 201, body: { message: 'Warning saved' } })
    h.clock.advance(1000)
    await warn('Second: no advertising')
    expect((await latest()).body).toMatchObject({ reason: 'Second: no advertising', admin_email: 'warden@example.com' })

    const events = await h.db.selectFrom('events').select(['data']).where('type', '=', 'UserWarned').where('stream_id', '=', `user-${user.userId}`).execute()
    expect(events).toHaveLength(2)
    for (const { data } of events) {
      expect(Object.keys(data as object).sort()).toEqual(['adminId', 'userId', 'warningId'])
      expect(JSON.stringify(data)).not.toMatch(/advertising|captions/)
    }
    const rows = await h.call(admin.handleUsers, '/api/admin/users?search=warned@', { token: moderator.accessToken })
    expect(rows.body[0]).toMatchObject({ warnings: 2 })
  })
})
