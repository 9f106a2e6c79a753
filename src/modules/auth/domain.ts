import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import { AccountBlocked, AlreadyVerified, EmailNotVerified, EmailTaken, NoSuchAccount } from './errors.ts'
import { ROLES, type Role } from './rules.ts'

/**
 * The account aggregate: one `user-<id>` stream per account. Its events hold ids and facts only: the
 * e-mail, name, password hash and codes live in ordinary tables keyed by the user id (DESIGN §4).
 */
export const AccountEvents = events({
  UserRegistered: { userId: Schema.String },
  UserEmailVerified: { userId: Schema.String },
  UserLoggedIn: { userId: Schema.String },
  /** At most one per user and day: the activity statistics count these. */
  UserActiveOnDay: { userId: Schema.String, day: Schema.String },
  UserPasswordChanged: { userId: Schema.String },
  UserPasswordReset: { userId: Schema.String },
  UserRoleChanged: { userId: Schema.String, role: Schema.Literals(ROLES), previousRole: Schema.Literals(ROLES) },
  UserBlocked: { userId: Schema.String },
  UserUnblocked: { userId: Schema.String },
})
export type AccountEvent = EventOf<typeof AccountEvents>

export const userStream = (userId: string) => `user-${userId}`

export interface AccountState {
  readonly registered: boolean
  readonly verified: boolean
  readonly blocked: boolean
  readonly role: Role
  readonly lastActiveDay: string | null
  /** How many times the password was changed or reset: access tokens carry it, and older ones stop working. */
  readonly passwordVersion: number
}

export const initialAccountState: AccountState = { registered: false, verified: false, blocked: false, role: 'user', lastActiveDay: null, passwordVersion: 0 }

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, registered: true }
    case 'UserEmailVerified':
      return { ...state, verified: true }
    case 'UserActiveOnDay':
      return { ...state, lastActiveDay: event.data.day }
    case 'UserRoleChanged':
      return { ...state, role: event.data.role }
    case 'UserBlocked':
      return { ...state, blocked: true }
    case 'UserUnblocked':
      return { ...state, blocked: false }
    case 'UserPasswordChanged':
    case 'UserPasswordReset':
      return { ...state, passwordVersion: state.passwordVersion + 1 }
    case 'UserLoggedIn':
      return state
  }
}

export type AccountCommand =
  | { readonly type: 'Register'; readonly userId: string }
  | { readonly type: 'VerifyEmail'; readonly userId: string }
  /** A password login on `day` (YYYY-MM-DD). */
  | { readonly type: 'LogIn'; readonly userId: string; readonly day: string }
  /** A silent session refresh on `day`: counts as activity, not as a login. */
  | { readonly type: 'RecordActivity'; readonly userId: string; readonly day: string }
  | { readonly type: 'ChangePassword'; readonly userId: string }
  | { readonly type: 'ResetPassword'; readonly userId: string }
  | { readonly type: 'ChangeRole'; readonly userId: string; readonly role: Role }
  | { readonly type: 'Block'; readonly userId: string }
  | { readonly type: 'Unblock'; readonly userId: string }

export type AccountFailure = NoSuchAccount | EmailTaken | AlreadyVerified | EmailNotVerified | AccountBlocked

type Decision = Result.Result<readonly AccountEvent[], AccountFailure>

const emit = (...events: AccountEvent[]): Decision => Result.succeed(events)
const refuse = (failure: AccountFailure): Decision => Result.fail(failure)

const activeOn = (state: AccountState, userId: string, day: string): AccountEvent[] =>
  state.lastActiveDay === day ? [] : [{ type: 'UserActiveOnDay', data: { userId, day } }]

export function decideAccount(command: AccountCommand, state: AccountState): Decision {
  const { userId } = command
  if (command.type === 'Register') return state.registered ? refuse(new EmailTaken()) : emit({ type: 'UserRegistered', data: { userId } })
  if (!state.registered) return refuse(new NoSuchAccount())
  switch (command.type) {
    case 'VerifyEmail':
      return state.verified ? refuse(new AlreadyVerified()) : emit({ type: 'UserEmailVerified', data: { userId } })
    case 'LogIn':
      if (!state.verified) return refuse(new EmailNotVerified())
      if (state.blocked) return refuse(new AccountBlocked())
      return emit({ type: 'UserLoggedIn', data: { userId } }, ...activeOn(state, userId, command.day))
    case 'RecordActivity':
      if (state.blocked) return refuse(new AccountBlocked())
      return emit(...activeOn(state, userId, command.day))
    case 'ChangePassword':
      return emit({ type: 'UserPasswordChanged', data: { userId } })
    case 'ResetPassword':
      return emit({ type: 'UserPasswordReset', data: { userId } })
    case 'ChangeRole':
      return state.role === command.role ? emit() : emit({ type: 'UserRoleChanged', data: { userId, role: command.role, previousRole: state.role } })
    case 'Block':
      return state.blocked ? emit() : emit({ type: 'UserBlocked', data: { userId } })
    case 'Unblock':
      return state.blocked ? emit({ type: 'UserUnblocked', data: { userId } }) : emit()
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState, AccountFailure> = {
  streamType: 'user',
  events: AccountEvents,
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
}
