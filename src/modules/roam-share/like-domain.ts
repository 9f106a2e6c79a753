import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import { PostNotFound, UsernameRequired } from './errors.ts'

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

/** Likes the post, or unlikes it when the user likes it already. The facts about the liker and the post come from the read models. */
export interface ToggleLike {
  readonly type: 'ToggleLike'
  readonly postId: string
  readonly userId: string
  /** Whether the liker has a Roam Share username (likes come from members only). */
  readonly likerHasUsername: boolean
  /** The post's author, when the feed shows the post (likes go to those only). */
  readonly authorId: string | undefined
}

export type LikeFailure = UsernameRequired | PostNotFound

export function decideLike(command: ToggleLike, liked: boolean): Result.Result<readonly LikeEvent[], LikeFailure> {
  if (!command.likerHasUsername) return Result.fail(new UsernameRequired())
  if (command.authorId === undefined) return Result.fail(new PostNotFound())
  const data = { postId: command.postId, userId: command.userId, authorId: command.authorId }
  return Result.succeed([{ type: liked ? 'PostUnliked' : 'PostLiked', data }])
}

export const likeDecider: Decider<ToggleLike, LikeEvent, boolean, LikeFailure> = {
  streamType: 'like',
  events: LikeEvents,
  initialState: false,
  evolve: (_liked, event) => event.type === 'PostLiked',
  decide: decideLike,
}
