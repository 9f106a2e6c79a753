import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import { CannotFollowYourself } from './errors.ts'

/** One `follow-<follower>:<followee>` stream per pair of users: whether one follows the other. */
export const FollowEvents = events({
  UserFollowed: { followerId: Schema.String, followeeId: Schema.String },
  UserUnfollowed: { followerId: Schema.String, followeeId: Schema.String },
})
export type FollowEvent = EventOf<typeof FollowEvents>

export const followStream = (followerId: string, followeeId: string) => `follow-${followerId}:${followeeId}`

export type FollowCommand = { readonly type: 'Follow' | 'Unfollow'; readonly followerId: string; readonly followeeId: string }

export function decideFollow(command: FollowCommand, following: boolean): Result.Result<readonly FollowEvent[], CannotFollowYourself> {
  const data = { followerId: command.followerId, followeeId: command.followeeId }
  if (command.followerId === command.followeeId) return Result.fail(new CannotFollowYourself())
  if (command.type === 'Follow') return Result.succeed(following ? [] : [{ type: 'UserFollowed', data }])
  return Result.succeed(following ? [{ type: 'UserUnfollowed', data }] : [])
}

export const followDecider: Decider<FollowCommand, FollowEvent, boolean, CannotFollowYourself> = {
  streamType: 'follow',
  events: FollowEvents,
  initialState: false,
  evolve: (_following, event) => event.type === 'UserFollowed',
  decide: decideFollow,
}
