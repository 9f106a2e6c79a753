import { combineEvents, pickEvents, type EventOf, type RecordedEvent } from '../../events/event-set.ts'
import { AccountEvents } from '../auth/domain.ts'
import { PostModerationEvents } from './post-moderation-domain.ts'
import type { ModerationAction } from './rules.ts'

/**
 * The events that make the moderation history: what admins (and the operator's CLI) did to accounts,
 * and the moderation records of Roam Share posts (kept when the post's author is deleted).
 */
export const ModerationEvents = combineEvents(
  pickEvents(AccountEvents, ['UserBlocked', 'UserUnblocked', 'UserWarned', 'UserDeleted', 'UserRoleChanged']),
  PostModerationEvents,
)
export type ModerationEvent = EventOf<typeof ModerationEvents>

/** One line of the history: who did what to whom (when and where in the log come from the event). */
export interface HistoryEntry {
  readonly action: ModerationAction
  /** The acting admin; null for the operator's CLI (roles) or a user deleting their own account. */
  readonly adminId: string | null
  /** The user acted on: the account itself, or the author of the post. */
  readonly targetId: string
  /** The post acted on, for post moderation. */
  readonly postId: string | null
  /** The admin's note (a warning's text, the reason for a block, a deletion or a post's removal), if any. */
  readonly noteId: string | null
  /** A role change as "user → admin". */
  readonly detail: string | null
}

/** The history entry an event makes: the one mapping shared by the read model and `audit:moderation`. */
export function historyEntry(event: RecordedEvent<ModerationEvent>): HistoryEntry {
  const base = { detail: null, postId: null }
  switch (event.type) {
    case 'UserBlocked':
      return { ...base, targetId: event.data.userId, action: 'block', adminId: event.data.adminId, noteId: event.data.noteId ?? null }
    case 'UserUnblocked':
      return { ...base, targetId: event.data.userId, action: 'unblock', adminId: event.data.adminId, noteId: event.data.noteId ?? null }
    case 'UserWarned':
      return { ...base, targetId: event.data.userId, action: 'warn', adminId: event.data.adminId, noteId: event.data.warningId }
    case 'UserDeleted':
      return { ...base, targetId: event.data.userId, action: 'delete', adminId: event.data.adminId ?? null, noteId: event.data.noteId ?? null }
    case 'UserRoleChanged':
      return {
        ...base,
        targetId: event.data.userId,
        action: 'role',
        adminId: event.data.adminId ?? null,
        noteId: null,
        detail: `${event.data.previousRole} → ${event.data.role}`,
      }
    case 'PostModerated':
      return {
        ...base,
        targetId: event.data.authorId,
        postId: event.data.postId,
        action: event.data.action,
        adminId: event.data.moderatorId,
        noteId: event.data.noteId ?? null,
      }
  }
}
