import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
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
import { moderationBarrier, ROLES, type Role } from './rules.ts'

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
  /** `adminId` is the super-admin who changed it from the dashboard; absent when the operator's CLI did. */
  UserRoleChanged: { userId: Schema.String, role: Schema.Literals(ROLES), previousRole: Schema.Literals(ROLES), adminId: Schema.optional(Schema.String) },
  // Moderation: who acted, and the id of the reason they wrote (its text is kept out of the log, in the
  // admin module's notes table, so it can be erased).
  UserBlocked: { userId: Schema.String, adminId: Schema.String, noteId: Schema.optional(Schema.String) },
  UserUnblocked: { userId: Schema.String, adminId: Schema.String, noteId: Schema.optional(Schema.String) },
  UserWarned: { userId: Schema.String, adminId: Schema.String, warningId: Schema.String },
  /**
   * The account and everything of the user are gone (DESIGN §4): their personal data was deleted and
   * their own streams purged in the same transaction. Every projection drops what refers to the user.
   * `adminId` is absent when the user deleted their own account.
   */
  UserDeleted: { userId: Schema.String, adminId: Schema.optional(Schema.String), noteId: Schema.optional(Schema.String) },
})
export type AccountEvent = EventOf<typeof AccountEvents>

export const userStream = (userId: string) => `user-${userId}`

export interface AccountState {
  readonly registered: boolean
  readonly verified: boolean
  readonly blocked: boolean
  readonly role: Role
  readonly lastActiveDay: string | null
  readonly deleted: boolean
  /** How many times the password was changed or reset: access tokens carry it, and older ones stop working. */
  readonly passwordVersion: number
}

export const initialAccountState: AccountState = {
  registered: false,
  verified: false,
  blocked: false,
  role: 'user',
  lastActiveDay: null,
  deleted: false,
  passwordVersion: 0,
}

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
    case 'UserDeleted':
      return { ...state, deleted: true }
    case 'UserPasswordChanged':
    case 'UserPasswordReset':
      return { ...state, passwordVersion: state.passwordVersion + 1 }
    case 'UserWarned':
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
  /** `by` is the admin acting from the dashboard; without it the operator's CLI changes the role. */
  | { readonly type: 'ChangeRole'; readonly userId: string; readonly role: Role; readonly by?: Moderator }
  | { readonly type: 'Block'; readonly userId: string; readonly by: Moderator; readonly noteId?: string }
  | { readonly type: 'Unblock'; readonly userId: string; readonly by: Moderator; readonly noteId?: string }
  | { readonly type: 'Warn'; readonly userId: string; readonly by: Moderator; readonly warningId: string }
  | { readonly type: 'Delete'; readonly userId: string; readonly by: Moderator; readonly noteId?: string }

/** An admin or super-admin acting on another account. */
export interface Moderator {
  readonly adminId: string
  readonly role: Role
}

export type AccountFailure =
  | NoSuchAccount
  | EmailTaken
  | AlreadyVerified
  | EmailNotVerified
  | AccountBlocked
  | CannotModerateSelf
  | CannotModerateSuperAdmin
  | CannotModerateAdmin
  | RoleChangeNotAllowed

type Decision = Result.Result<readonly AccountEvent[], AccountFailure>

const emit = (...events: AccountEvent[]): Decision => Result.succeed(events)
const refuse = (failure: AccountFailure): Decision => Result.fail(failure)

const activeOn = (state: AccountState, userId: string, day: string): AccountEvent[] =>
  state.lastActiveDay === day ? [] : [{ type: 'UserActiveOnDay', data: { userId, day } }]

/**
 * The moderation rules (`moderationBarrier`): nobody moderates their own account, a super-admin is out of
 * reach of the dashboard (only the operator's CLI changes a super-admin), and only a super-admin acts on
 * an admin. Roles are changed by super-admins only, and only between user and admin.
 */
function moderationProblem(command: AccountCommand, state: AccountState): AccountFailure | undefined {
  const by = 'by' in command ? command.by : undefined
  if (!by) return undefined
  if (command.type === 'ChangeRole' && (by.role !== 'super-admin' || command.role === 'super-admin')) return new RoleChangeNotAllowed()
  switch (moderationBarrier({ id: by.adminId, role: by.role }, { id: command.userId, role: state.role })) {
    case 'self':
      return new CannotModerateSelf()
    case 'super-admin':
      return new CannotModerateSuperAdmin()
    case 'admin':
      return new CannotModerateAdmin()
    default:
      return undefined
  }
}

const noteOf = (command: { readonly noteId?: string }) => (command.noteId === undefined ? {} : { noteId: command.noteId })

export function decideAccount(command: AccountCommand, state: AccountState): Decision {
  const { userId } = command
  if (command.type === 'Register') return state.registered ? refuse(new EmailTaken()) : emit({ type: 'UserRegistered', data: { userId } })
  if (!state.registered || state.deleted) return refuse(new NoSuchAccount())
  const problem = moderationProblem(command, state)
  if (problem) return refuse(problem)
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
      return state.role === command.role
        ? emit()
        : emit({
            type: 'UserRoleChanged',
            data: { userId, role: command.role, previousRole: state.role, ...(command.by ? { adminId: command.by.adminId } : {}) },
          })
    case 'Block':
      return state.blocked ? emit() : emit({ type: 'UserBlocked', data: { userId, adminId: command.by.adminId, ...noteOf(command) } })
    case 'Unblock':
      return state.blocked ? emit({ type: 'UserUnblocked', data: { userId, adminId: command.by.adminId, ...noteOf(command) } }) : emit()
    case 'Warn':
      return emit({ type: 'UserWarned', data: { userId, adminId: command.by.adminId, warningId: command.warningId } })
    case 'Delete':
      return emit({ type: 'UserDeleted', data: { userId, adminId: command.by.adminId, ...noteOf(command) } })
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState, AccountFailure> = {
  streamType: 'user',
  events: AccountEvents,
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
}
