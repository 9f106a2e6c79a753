import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'

export const POST_MODERATION_ACTIONS = ['clear_report', 'remove_post'] as const
export type PostModerationAction = (typeof POST_MODERATION_ACTIONS)[number]

/**
 * The moderation record of a Roam Share post: one `moderation-post-<postId>` stream of what moderators
 * did to it, in ids only (the reason's words are a moderation note, outside the log). The post's own
 * stream is its author's and goes when the author's account is deleted; this one belongs to nobody, so
 * erasure leaves it and the audit trail outlives the author and the moderator.
 */
export const PostModerationEvents = events({
  PostModerated: {
    postId: Schema.String,
    authorId: Schema.String,
    /** Null only for records made from older log entries that named no actor. */
    moderatorId: Schema.NullOr(Schema.String),
    action: Schema.Literals(POST_MODERATION_ACTIONS),
    noteId: Schema.optional(Schema.String),
  },
})
export type PostModerationEvent = EventOf<typeof PostModerationEvents>

export const postModerationStream = (postId: string) => `moderation-post-${postId}`

export interface RecordPostModeration {
  readonly type: 'Record'
  readonly postId: string
  readonly authorId: string
  readonly moderatorId: string
  readonly action: PostModerationAction
  readonly noteId?: string | undefined
}

/** A record only grows: every moderation of the post that changed it is kept. */
export function decidePostModeration(command: RecordPostModeration): Result.Result<readonly PostModerationEvent[], never> {
  const { postId, authorId, moderatorId, action, noteId } = command
  return Result.succeed([{ type: 'PostModerated', data: { postId, authorId, moderatorId, action, ...(noteId === undefined ? {} : { noteId }) } }])
}

export const postModerationDecider: Decider<RecordPostModeration, PostModerationEvent, null, never> = {
  streamType: 'post-moderation',
  events: PostModerationEvents,
  initialState: null,
  evolve: (state) => state,
  decide: decidePostModeration,
}
