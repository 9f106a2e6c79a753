import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { UserNotFound } from './errors.ts'
import { likeTarget } from './feed.ts'
import { followDecider, followStream } from './follow-domain.ts'
import { likeDecider, likeStream } from './like-domain.ts'
import { findProfile, requireUsername } from './profiles.ts'
import { isId } from './rules.ts'

/**
 * Likes a post the caller has not liked, unlikes one they have (spec §4 Like). The count answered is the
 * one the toggle found plus or minus one: what the caller's change made of it.
 */
export const toggleLike = Effect.fn('Social.toggleLike')(function* (userId: string, postId: string) {
  const { authorId, likes } = yield* likeTarget(userId, postId)
  const { state: liked } = yield* handleCommand(likeDecider, likeStream(postId, userId), { type: 'ToggleLike', postId, userId, authorId }, { actorId: userId })
  return { liked, likes: Math.max(likes + (liked ? 1 : -1), 0) }
})

/** Follows or unfollows another user who has a Roam Share profile; never oneself. */
export const setFollowing = Effect.fn('Social.setFollowing')(function* (followerId: string, followeeId: string, follow: boolean) {
  yield* requireUsername(followerId)
  const target = isId(followeeId) ? yield* findProfile(followeeId) : undefined
  if (!target?.username || target.blocked) return yield* new UserNotFound()
  const { state } = yield* handleCommand(
    followDecider,
    followStream(followerId, followeeId),
    { type: follow ? 'Follow' : 'Unfollow', followerId, followeeId },
    { actorId: followerId },
  )
  const counts = yield* findProfile(followeeId)
  return { isFollowing: state, follower_count: counts?.follower_count ?? 0 }
})
