import { describe, it } from 'vitest'
import { given } from '../../events/given.ts'
import { accountDecider, type AccountEvent } from './domain.ts'
import {
  AccountBlocked,
  AlreadyVerified,
  CannotModerateSelf,
  CannotModerateAdmin,
  CannotModerateSuperAdmin,
  EmailNotVerified,
  EmailTaken,
  NoSuchAccount,
  RoleChangeNotAllowed,
} from './errors.ts'

const userId = '6f1c2b8e-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
const registered: AccountEvent = { type: 'UserRegistered', data: { userId } }
const verified: AccountEvent = { type: 'UserEmailVerified', data: { userId } }
const activeOn = (day: string): AccountEvent => ({ type: 'UserActiveOnDay', data: { userId, day } })
const account = (...events: AccountEvent[]) => given(accountDecider, events)
const adminId = '0b9e8d7c-6b5a-4f3e-9d2c-1b0a9f8e7d6c'
const admin = { adminId, role: 'admin' } as const
const superAdmin = { adminId, role: 'super-admin' } as const
const blocked: AccountEvent = { type: 'UserBlocked', data: { userId, adminId } }
const madeSuperAdmin: AccountEvent = { type: 'UserRoleChanged', data: { userId, role: 'super-admin', previousRole: 'user' } }

describe('the account decider', () => {
  it('registers an account once', () => {
    account().when({ type: 'Register', userId }).then([registered])
    account(registered).when({ type: 'Register', userId }).thenFails(EmailTaken)
  })

  it('refuses every other command on an account that was never registered', () => {
    for (const command of ['VerifyEmail', 'ChangePassword', 'ResetPassword'] as const) {
      account().when({ type: command, userId }).thenFails(NoSuchAccount)
    }
    account().when({ type: 'Block', userId, by: admin }).thenFails(NoSuchAccount)
    account().when({ type: 'LogIn', userId, day: '2026-06-01' }).thenFails(NoSuchAccount)
  })

  it('verifies an e-mail once', () => {
    account(registered).when({ type: 'VerifyEmail', userId }).then([verified])
    account(registered, verified).when({ type: 'VerifyEmail', userId }).thenFails(AlreadyVerified)
  })

  it('lets only a verified, unblocked account log in, recording the first activity of each day', () => {
    account(registered).when({ type: 'LogIn', userId, day: '2026-06-01' }).thenFails(EmailNotVerified)
    account(registered, verified, blocked).when({ type: 'LogIn', userId, day: '2026-06-01' }).thenFails(AccountBlocked)
    account(registered, verified)
      .when({ type: 'LogIn', userId, day: '2026-06-01' })
      .then([{ type: 'UserLoggedIn', data: { userId } }, activeOn('2026-06-01')])
    account(registered, verified, activeOn('2026-06-01'))
      .when({ type: 'LogIn', userId, day: '2026-06-01' })
      .then([{ type: 'UserLoggedIn', data: { userId } }])
  })

  it('counts a refresh as activity at most once a day, and refuses a blocked account', () => {
    account(registered, verified, activeOn('2026-06-01')).when({ type: 'RecordActivity', userId, day: '2026-06-01' }).then([])
    account(registered, verified, activeOn('2026-06-01'))
      .when({ type: 'RecordActivity', userId, day: '2026-06-02' })
      .then([activeOn('2026-06-02')])
    account(registered, verified, blocked).when({ type: 'RecordActivity', userId, day: '2026-06-02' }).thenFails(AccountBlocked)
  })

  it('changes a role only when it differs, remembering the previous one', () => {
    account(registered)
      .when({ type: 'ChangeRole', userId, role: 'admin' })
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user' } }])
    account(registered, { type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user' } })
      .when({ type: 'ChangeRole', userId, role: 'admin' })
      .then([])
  })

  it('blocks and unblocks idempotently, naming the admin and the reason', () => {
    account(registered)
      .when({ type: 'Block', userId, by: admin, noteId: 'note-1' })
      .then([{ type: 'UserBlocked', data: { userId, adminId, noteId: 'note-1' } }])
    account(registered, blocked).when({ type: 'Block', userId, by: admin }).then([])
    account(registered, blocked)
      .when({ type: 'Unblock', userId, by: admin })
      .then([{ type: 'UserUnblocked', data: { userId, adminId } }])
    account(registered).when({ type: 'Unblock', userId, by: admin }).then([])
  })

  it('warns as often as an admin asks', () => {
    account(registered, { type: 'UserWarned', data: { userId, adminId, warningId: 'w-1' } })
      .when({ type: 'Warn', userId, by: admin, warningId: 'w-2' })
      .then([{ type: 'UserWarned', data: { userId, adminId, warningId: 'w-2' } }])
  })

  it('lets nobody moderate their own account, and keeps super-admins out of reach of the dashboard', () => {
    const self = { adminId: userId, role: 'admin' } as const
    for (const command of [
      { type: 'Block', userId, by: self },
      { type: 'Warn', userId, by: self, warningId: 'w' },
      { type: 'Delete', userId, by: self },
    ] as const) {
      account(registered).when(command).thenFails(CannotModerateSelf)
    }
    for (const command of [
      { type: 'Block', userId, by: superAdmin },
      { type: 'Warn', userId, by: admin, warningId: 'w' },
      { type: 'Delete', userId, by: superAdmin },
      { type: 'ChangeRole', userId, role: 'user', by: superAdmin },
    ] as const) {
      account(registered, madeSuperAdmin).when(command).thenFails(CannotModerateSuperAdmin)
    }
  })

  it('lets only a super-admin block, unblock, warn or delete an admin', () => {
    const madeAdmin: AccountEvent = { type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user' } }
    for (const command of [
      { type: 'Block', userId, by: admin },
      { type: 'Unblock', userId, by: admin },
      { type: 'Warn', userId, by: admin, warningId: 'w' },
      { type: 'Delete', userId, by: admin },
    ] as const) {
      account(registered, madeAdmin).when(command).thenFails(CannotModerateAdmin)
    }
    account(registered, madeAdmin)
      .when({ type: 'Block', userId, by: superAdmin })
      .then([{ type: 'UserBlocked', data: { userId, adminId } }])
    account(registered, madeAdmin)
      .when({ type: 'Delete', userId, by: superAdmin })
      .then([{ type: 'UserDeleted', data: { userId, adminId } }])
  })

  it('lets only a super-admin grant or revoke the admin role from the dashboard, and the CLI change any role', () => {
    account(registered).when({ type: 'ChangeRole', userId, role: 'admin', by: admin }).thenFails(RoleChangeNotAllowed)
    account(registered).when({ type: 'ChangeRole', userId, role: 'super-admin', by: superAdmin }).thenFails(RoleChangeNotAllowed)
    account(registered)
      .when({ type: 'ChangeRole', userId, role: 'admin', by: superAdmin })
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user', adminId } }])
    account(registered).when({ type: 'ChangeRole', userId, role: 'super-admin' }).then([madeSuperAdmin])
  })

  it('deletes an account once; nothing more happens to a deleted account', () => {
    account(registered, verified)
      .when({ type: 'Delete', userId, by: admin, noteId: 'n' })
      .then([{ type: 'UserDeleted', data: { userId, adminId, noteId: 'n' } }])
    const deleted: AccountEvent = { type: 'UserDeleted', data: { userId, adminId } }
    account(registered, verified, deleted).when({ type: 'Delete', userId, by: admin }).thenFails(NoSuchAccount)
    account(registered, verified, deleted).when({ type: 'LogIn', userId, day: '2026-06-01' }).thenFails(NoSuchAccount)
  })

  it('records password changes and resets', () => {
    account(registered, verified)
      .when({ type: 'ChangePassword', userId })
      .then([{ type: 'UserPasswordChanged', data: { userId } }])
    account(registered, verified)
      .when({ type: 'ResetPassword', userId })
      .then([{ type: 'UserPasswordReset', data: { userId } }])
  })
})
