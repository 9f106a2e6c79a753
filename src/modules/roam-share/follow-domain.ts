import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import { CannotFollowYourself, UserNotFound, UsernameRequired } from './errors.ts'

/** One `follow-<follower>:<followee>` stream per pair of users: whether one follows the other. */
export const FollowEvents = events({
  UserFollowed: { followerId: Schema.String, followeeId: Schema.String },
  UserUnfollowed: { followerId: Schema.String, followeeId: Schema.String },
})
export type FollowEvent = EventOf<typeof FollowEvents>

export const followStream = (followerId: string, followeeId: string) => `follow-${followerId}:${followeeId}`

/** The facts about both users come from the read models. */
export interface FollowCommand {
  readonly type: 'Follow' | 'Unfollow'
  readonly followerId: string
  readonly followeeId: string
  /** Whether the follower has a Roam Share username (members only follow). */
  readonly followerHasUsername: boolean
  /** Whether the other user has a Roam Share profile anyone can see (a username, not blocked). */
  readonly followeeVisible: boolean
}

export type FollowFailure = UsernameRequired | UserNotFound | CannotFollowYourself

export function decideFollow(command: FollowCommand, following: boolean): Result.Result<readonly FollowEvent[], FollowFailure> {
  if (!command.followerHasUsername) return Result.fail(new UsernameRequired())
  if (!command.followeeVisible) return Result.fail(new UserNotFound())
  if (command.followerId === command.followeeId) return Result.fail(new CannotFollowYourself())
  const data = { followerId: command.followerId, followeeId: command.followeeId }
  if (command.type === 'Follow') return Result.succeed(following ? [] : [{ type: 'UserFollowed', data }])
  return Result.succeed(following ? [{ type: 'UserUnfollowed', data }] : [])
}

export const followDecider: Decider<FollowCommand, FollowEvent, boolean, FollowFailure> = {
  streamType: 'follow',
  events: FollowEvents,
  initialState: false,
  evolve: (_following, event) => event.type === 'UserFollowed',
  decide: decideFollow,
}
