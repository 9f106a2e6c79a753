import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { PostNotFound, UserNotFound } from './errors.ts'
import { followDecider, followStream } from './follow-domain.ts'
import { likeDecider, likeStream } from './like-domain.ts'
import { findProfile } from './profiles.ts'
import { isId } from './rules.ts'
import { followFacts, likeCount, likeFacts } from './social-facts.ts'

/**
 * Likes a post the caller has not liked, unlikes one they have (spec §4 Like). The answer is the like
 * and the post's like count once the toggle has committed, others' likes committed with it included.
 */
export const toggleLike = Effect.fn('Social.toggleLike')(function* (userId: string, postId: string) {
  // A malformed id names no post (and no stream can be read by it).
  if (!isId(postId)) return yield* new PostNotFound()
  const facts = yield* likeFacts(userId, postId)
  const { state: liked } = yield* handleCommand(likeDecider, likeStream(postId, userId), { type: 'ToggleLike', postId, userId, ...facts }, { actorId: userId })
  return { liked, likes: yield* likeCount(postId) }
})

/** Follows or unfollows another user who has a Roam Share profile; never oneself. Answers with the follow and the follower count once committed. */
export const setFollowing = Effect.fn('Social.setFollowing')(function* (followerId: string, followeeId: string, follow: boolean) {
  if (!isId(followeeId)) return yield* new UserNotFound()
  const facts = yield* followFacts(followerId, followeeId)
  const { state } = yield* handleCommand(
    followDecider,
    followStream(followerId, followeeId),
    { type: follow ? 'Follow' : 'Unfollow', followerId, followeeId, ...facts },
    { actorId: followerId },
  )
  const counts = yield* findProfile(followeeId)
  return { isFollowing: state, follower_count: counts?.follower_count ?? 0 }
})
