import { Effect } from 'effect'
import { sql } from 'kysely'
import { handleCommand } from '../../events/decider.ts'
import { query } from '../../platform/database.ts'
import { PostNotFound } from './errors.ts'
import { isId } from './rules.ts'
import { tripCopyDecider, tripCopyStream } from './trip-copy-domain.ts'
import type { TripSnapshot } from '../itinerary/saved/trip-snapshot.ts'
import './tables.ts'

/** The trips posts carry: one post's trip day by day, and a traveller making it their own. Read models only. */

/** A trip post the feed shows: its author, its trip and how many travellers made it theirs. */
const listedTripPost = (postId: string) =>
  query((db) =>
    db
      .selectFrom('rs_post_trips as t')
      .innerJoin('rs_posts as p', 'p.post_id', 't.post_id')
      .leftJoin('rs_profiles as a', 'a.user_id', 'p.author_id')
      .select(['p.post_id', 'p.author_id', 'p.trip_copies', 'a.username', 't.trip'])
      .where('t.post_id', '=', postId)
      .where(sql<boolean>`p.listed`)
      .executeTakeFirst(),
  )

/** GET /api/roam-share-posts/trip/{post_id}: the trip a post carries, day by day, with its author's username. */
export const postTrip = Effect.fn('Trips.ofPost')(function* (postId: string) {
  if (!isId(postId)) return yield* new PostNotFound()
  const row = yield* listedTripPost(postId)
  if (!row) return yield* new PostNotFound()
  return { post_id: row.post_id, username: row.username, copies: row.trip_copies, trip: row.trip as TripSnapshot }
})

/**
 * POST /api/roam-share-posts/trip/{post_id}/copy: the traveller made the post's trip their own (the copy is
 * their unsaved itinerary). Counted, and its author told, once per traveller and trip; never for the author.
 */
export const recordTripCopy = Effect.fn('Trips.recordCopy')(function* (userId: string, postId: string) {
  if (!isId(postId)) return yield* new PostNotFound()
  const row = yield* listedTripPost(postId)
  const trip = row?.trip as TripSnapshot | undefined
  const { events, readings } = yield* handleCommand(
    tripCopyDecider,
    tripCopyStream(postId, userId),
    { type: 'CopyTrip', postId, copierId: userId, authorId: row?.author_id, city: trip?.destinations[0] ?? trip?.days[0]?.city ?? null },
    { actorId: userId },
  )
  // The count the posts model wrote in the same commit; a copy that counts nothing (the traveller's second, or
  // the author's own) changed nothing, so the post as read above has it.
  return { copies: events.length > 0 ? Number(readings.trip_copies ?? 0) : (row?.trip_copies ?? 0) }
})
