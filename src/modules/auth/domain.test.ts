import { describe, it } from 'vitest'
import { given } from '../../events/given.ts'
import { accountDecider, type AccountEvent } from './domain.ts'
import { AccountBlocked, AlreadyVerified, EmailNotVerified, EmailTaken, NoSuchAccount } from './errors.ts'

const userId = '6f1c2b8e-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
const registered: AccountEvent = { type: 'UserRegistered', data: { userId } }
const verified: AccountEvent = { type: 'UserEmailVerified', data: { userId } }
const activeOn = (day: string): AccountEvent => ({ type: 'UserActiveOnDay', data: { userId, day } })
const account = (...events: AccountEvent[]) => given(accountDecider, events)

describe('the account decider', () => {
  it('registers an account once', () => {
    account().when({ type: 'Register', userId }).then([registered])
    account(registered).when({ type: 'Register', userId }).thenFails(EmailTaken)
  })

  it('refuses every other command on an account that was never registered', () => {
    for (const command of ['VerifyEmail', 'ChangePassword', 'ResetPassword', 'Block', 'Unblock'] as const) {
      account().when({ type: command, userId }).thenFails(NoSuchAccount)
    }
    account().when({ type: 'LogIn', userId, day: '2026-06-01' }).thenFails(NoSuchAccount)
  })

  it('verifies an e-mail once', () => {
    account(registered).when({ type: 'VerifyEmail', userId }).then([verified])
    account(registered, verified).when({ type: 'VerifyEmail', userId }).thenFails(AlreadyVerified)
  })

  it('lets only a verified, unblocked account log in, recording the first activity of each day', () => {
    account(registered).when({ type: 'LogIn', userId, day: '2026-06-01' }).thenFails(EmailNotVerified)
    account(registered, verified, { type: 'UserBlocked', data: { userId } }).when({ type: 'LogIn', userId, day: '2026-06-01' }).thenFails(AccountBlocked)
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
    account(registered, verified, { type: 'UserBlocked', data: { userId } })
      .when({ type: 'RecordActivity', userId, day: '2026-06-02' })
      .thenFails(AccountBlocked)
  })

  it('changes a role only when it differs, remembering the previous one', () => {
    account(registered)
      .when({ type: 'ChangeRole', userId, role: 'admin' })
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user' } }])
    account(registered, { type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user' } })
      .when({ type: 'ChangeRole', userId, role: 'admin' })
      .then([])
  })

  it('blocks and unblocks idempotently', () => {
    account(registered)
      .when({ type: 'Block', userId })
      .then([{ type: 'UserBlocked', data: { userId } }])
    account(registered, { type: 'UserBlocked', data: { userId } }).when({ type: 'Block', userId }).then([])
    account(registered, { type: 'UserBlocked', data: { userId } })
      .when({ type: 'Unblock', userId })
      .then([{ type: 'UserUnblocked', data: { userId } }])
    account(registered).when({ type: 'Unblock', userId }).then([])
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
