import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import { PostNotFound } from './errors.ts'

/**
 * One `trip-copy-<postId>:<userId>` stream per trip post and traveller: a traveller makes a post's trip their
 * own at most once as far as the count and the author's notification go (copying it again opens another copy,
 * and changes nothing here). The copy itself is the traveller's unsaved itinerary, independent of the post.
 */
export const TripCopyEvents = events({
  /** `city`: where the trip starts, for the author's notification ("your Lisbon trip"). */
  PostTripCopied: { postId: Schema.String, copierId: Schema.String, authorId: Schema.String, city: Schema.NullOr(Schema.String) },
})
export type TripCopyEvent = EventOf<typeof TripCopyEvents>

export const tripCopyStream = (postId: string, userId: string) => `trip-copy-${postId}:${userId}`

export interface CopyTrip {
  readonly type: 'CopyTrip'
  readonly postId: string
  readonly copierId: string
  /** The post's author when the feed shows the post and it carries a trip (none: nothing to copy). */
  readonly authorId: string | undefined
  readonly city: string | null
}

export function decideTripCopy(command: CopyTrip, copied: boolean): Result.Result<readonly TripCopyEvent[], PostNotFound> {
  if (command.authorId === undefined) return Result.fail(new PostNotFound())
  // The author trying their own trip on other dates is not a traveller making it theirs.
  if (copied || command.authorId === command.copierId) return Result.succeed([])
  const { postId, copierId, authorId, city } = command
  return Result.succeed([{ type: 'PostTripCopied', data: { postId, copierId, authorId, city } }])
}

export const tripCopyDecider: Decider<CopyTrip, TripCopyEvent, boolean, PostNotFound> = {
  streamType: 'trip-copy',
  events: TripCopyEvents,
  initialState: false,
  evolve: () => true,
  decide: decideTripCopy,
}
