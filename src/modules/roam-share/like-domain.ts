import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'

/**
 * One `like-<postId>:<userId>` stream per post and user: a toggle that alternates liked and unliked,
 * so a user likes a post at most once and a count fed by these events never goes below zero. Streams
 * this small keep a like a two-row append however popular the post is.
 */
export const LikeEvents = events({
  PostLiked: { postId: Schema.String, userId: Schema.String, authorId: Schema.String },
  PostUnliked: { postId: Schema.String, userId: Schema.String, authorId: Schema.String },
})
export type LikeEvent = EventOf<typeof LikeEvents>

export const likeStream = (postId: string, userId: string) => `like-${postId}:${userId}`

export interface ToggleLike {
  readonly type: 'ToggleLike'
  readonly postId: string
  readonly userId: string
  readonly authorId: string
}

export function decideLike(command: ToggleLike, liked: boolean): Result.Result<readonly LikeEvent[], never> {
  const data = { postId: command.postId, userId: command.userId, authorId: command.authorId }
  return Result.succeed([{ type: liked ? 'PostUnliked' : 'PostLiked', data }])
}

export const likeDecider: Decider<ToggleLike, LikeEvent, boolean, never> = {
  streamType: 'like',
  events: LikeEvents,
  initialState: false,
  evolve: (_liked, event) => event.type === 'PostLiked',
  decide: decideLike,
}
