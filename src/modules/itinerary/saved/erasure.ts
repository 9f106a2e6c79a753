import { Effect } from 'effect'
import { sql } from 'kysely'
import { EventStore } from '../../../events/event-store.ts'
import { query } from '../../../platform/database.ts'
import type { UserDataEraser } from '../../auth/erasure.ts'

/**
 * A deleted user's trips go with them: every itinerary stream they saved is purged, the deleted ones
 * too (found in the log by their save or, once deleted, their ids-only tombstone, since the read model no
 * longer lists them), so no trip of theirs can be replayed. The read model drops the live rows on `UserDeleted`, which also ends their shared links.
 */
export const itineraryEraser: UserDataEraser = {
  module: 'itinerary',
  erase: (userId) =>
    Effect.gen(function* () {
      const saved = yield* query((db) =>
        db
          .selectFrom('events')
          .select('stream_id')
          .where('type', 'in', ['ItinerarySaved', 'ItineraryDeleted'])
          .where(sql<string>`data->>'ownerId'`, '=', userId)
          .execute(),
      )
      yield* EventStore.use((store) => store.purge(saved.map((row) => row.stream_id)))
    }),
}
