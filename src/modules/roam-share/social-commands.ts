import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { PostNotFound, UserNotFound } from './errors.ts'
import { followDecider, followStream } from './follow-domain.ts'
import { likeDecider, likeStream } from './like-domain.ts'
import { findProfile } from './profiles.ts'
import { isId } from './rules.ts'
import { followFacts, likeFacts } from './social-facts.ts'

/**
 * Likes a post the caller has not liked, unlikes one they have (spec §4 Like). The answer is the like
 * and the post's like count once the toggle has committed, others' likes committed with it included.
 */
export const toggleLike = Effect.fn('Social.toggleLike')(function* (userId: string, postId: string) {
  // A malformed id names no post (and no stream can be read by it).
  if (!isId(postId)) return yield* new PostNotFound()
  const facts = yield* likeFacts(userId, postId)
  const { state: liked, readings } = yield* handleCommand(
    likeDecider,
    likeStream(postId, userId),
    { type: 'ToggleLike', postId, userId, ...facts },
    { actorId: userId },
  )
  // The count the likes model wrote in the same commit (a like always appends).
  return { liked, likes: Number(readings.likes ?? 0) }
})

/** Follows or unfollows another user who has a Roam Share profile; never oneself. Answers with the follow and the follower count once committed. */
export const setFollowing = Effect.fn('Social.setFollowing')(function* (followerId: string, followeeId: string, follow: boolean) {
  if (!isId(followeeId)) return yield* new UserNotFound()
  const facts = yield* followFacts(followerId, followeeId)
  const { state, events, readings } = yield* handleCommand(
    followDecider,
    followStream(followerId, followeeId),
    { type: follow ? 'Follow' : 'Unfollow', followerId, followeeId, ...facts },
    { actorId: followerId },
  )
  // The count the profiles model wrote in the same commit; a follow that changed nothing reads it.
  const followerCount = events.length > 0 ? Number(readings.follower_count ?? 0) : ((yield* findProfile(followeeId))?.follower_count ?? 0)
  return { isFollowing: state, follower_count: followerCount }
})
