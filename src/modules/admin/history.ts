import { combineEvents, pickEvents, type EventOf, type RecordedEvent } from '../../events/event-set.ts'
import { AccountEvents } from '../auth/domain.ts'
import { PostEvents } from '../roam-share/post-domain.ts'
import type { ModerationAction } from './rules.ts'

/**
 * The events that make the moderation history: what admins (and the operator's CLI) did to accounts,
 * and what moderators did to Roam Share posts (the moderator is the event's actor).
 */
export const ModerationEvents = combineEvents(
  pickEvents(AccountEvents, ['UserBlocked', 'UserUnblocked', 'UserWarned', 'UserDeleted', 'UserRoleChanged']),
  pickEvents(PostEvents, ['PostReportCleared', 'PostRemovedByModerator']),
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
  /** The admin's note (a warning's text, the reason for a block or deletion), if any. */
  readonly noteId: string | null
  /** The reason a post was removed, as the event holds it (its author is told it). */
  readonly reason: string | null
  /** A role change as "user → admin". */
  readonly detail: string | null
}

/** The history entry an event makes: the one mapping shared by the read model and `audit:moderation`. */
export function historyEntry(event: RecordedEvent<ModerationEvent>): HistoryEntry {
  const base = { detail: null, postId: null, reason: null }
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
    case 'PostReportCleared':
      return {
        ...base,
        targetId: event.data.authorId,
        postId: event.data.postId,
        action: 'clear_report',
        adminId: event.metadata.actorId ?? null,
        noteId: null,
      }
    case 'PostRemovedByModerator':
      return {
        ...base,
        targetId: event.data.authorId,
        postId: event.data.postId,
        action: 'remove_post',
        adminId: event.metadata.actorId ?? null,
        noteId: null,
        reason: event.data.reason,
      }
  }
}
