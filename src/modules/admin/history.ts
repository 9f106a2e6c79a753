import { pickEvents, type EventOf } from '../../events/event-set.ts'
import { AccountEvents } from '../auth/domain.ts'
import type { ModerationAction } from './rules.ts'

/** The events that make the moderation history: what admins (and the operator's CLI) did to accounts. */
export const ModerationEvents = pickEvents(AccountEvents, ['UserBlocked', 'UserUnblocked', 'UserWarned', 'UserDeleted', 'UserRoleChanged'])
export type ModerationEvent = EventOf<typeof ModerationEvents>

/** One line of the history: who did what to whom (when and where in the log come from the event). */
export interface HistoryEntry {
  readonly action: ModerationAction
  /** The acting admin; null for the operator's CLI (roles) or a user deleting their own account. */
  readonly adminId: string | null
  readonly targetId: string
  /** The admin's note (a warning's text, the reason for a block or deletion), if any. */
  readonly noteId: string | null
  /** A role change as "user → admin". */
  readonly detail: string | null
}

/** The history entry an event makes: the one mapping shared by the read model and `audit:moderation`. */
export function historyEntry(event: ModerationEvent): HistoryEntry {
  const base = { targetId: event.data.userId, detail: null }
  switch (event.type) {
    case 'UserBlocked':
      return { ...base, action: 'block', adminId: event.data.adminId, noteId: event.data.noteId ?? null }
    case 'UserUnblocked':
      return { ...base, action: 'unblock', adminId: event.data.adminId, noteId: event.data.noteId ?? null }
    case 'UserWarned':
      return { ...base, action: 'warn', adminId: event.data.adminId, noteId: event.data.warningId }
    case 'UserDeleted':
      return { ...base, action: 'delete', adminId: event.data.adminId ?? null, noteId: event.data.noteId ?? null }
    case 'UserRoleChanged':
      return { ...base, action: 'role', adminId: event.data.adminId ?? null, noteId: null, detail: `${event.data.previousRole} → ${event.data.role}` }
  }
}
