import { Effect } from 'effect'
import { sql } from 'kysely'
import { EventStore } from '../../events/event-store.ts'
import { query } from '../../platform/database.ts'
import { sendJob } from '../../platform/jobs.ts'
import type { UserDataEraser } from '../auth/erasure.ts'
import { removeMediaJob } from '../media/jobs.ts'
import { avatarKey, postMediaKeys } from '../media/uploads.ts'
import { followStream } from './follow-domain.ts'
import { likeStream } from './like-domain.ts'
import { mediaFilesOf, postStream } from './post-domain.ts'
import { profileStream } from './profile-domain.ts'
import './tables.ts'

/**
 * What a deleted user leaves of Roam Share: nothing of theirs. Their post streams (live ones, found
 * in the feed's read model, and those already deleted or removed, found in the log) and their profile
 * stream are purged, their username freed, and their files removed by a job once the deletion has
 * committed. Their likes and follows go too, and the likes of their posts; the read models drop the
 * rest on `UserDeleted`.
 */
export const roamShareEraser: UserDataEraser = {
  module: 'roam-share',
  erase: (userId) =>
    Effect.gen(function* () {
      const [live, gone, profile] = yield* Effect.all(
        [
          query((db) => db.selectFrom('rs_posts').select(['post_id', 'photos', 'video']).where('author_id', '=', userId).execute()),
          query((db) =>
            db
              .selectFrom('events')
              .select('stream_id')
              .where('type', 'in', ['PostDeleted', 'PostRemovedByModerator'])
              .where(sql<string>`data->>'authorId'`, '=', userId)
              .execute(),
          ),
          query((db) => db.selectFrom('rs_profiles').select('picture').where('user_id', '=', userId).executeTakeFirst()),
        ],
        { concurrency: 1 },
      )
      const authored = live.map((post) => post.post_id)
      const [likes, follows, copies] = yield* Effect.all(
        [
          query((db) =>
            db
              .selectFrom('rs_likes')
              .select(['post_id', 'user_id'])
              .where((eb) => (authored.length === 0 ? eb('user_id', '=', userId) : eb.or([eb('user_id', '=', userId), eb('post_id', 'in', authored)])))
              .execute(),
          ),
          query((db) =>
            db
              .selectFrom('rs_follows')
              .select(['follower_id', 'followee_id'])
              .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
              .execute(),
          ),
          // Their copies of others' trips, and others' copies of theirs (of deleted posts too), found in the log.
          query((db) =>
            db
              .selectFrom('events')
              .select('stream_id')
              .where('type', '=', 'PostTripCopied')
              .where((eb) => eb.or([eb(sql<string>`data->>'copierId'`, '=', userId), eb(sql<string>`data->>'authorId'`, '=', userId)]))
              .execute(),
          ),
        ],
        { concurrency: 1 },
      )
      const streams = new Set([
        ...live.map((post) => postStream(post.post_id)),
        ...gone.map((row) => row.stream_id),
        profileStream(userId),
        ...likes.map((like) => likeStream(like.post_id, like.user_id)),
        ...follows.map((follow) => followStream(follow.follower_id, follow.followee_id)),
        ...copies.map((copy) => copy.stream_id),
      ])
      yield* EventStore.use((store) => store.purge([...streams]))
      yield* query((db) => db.deleteFrom('username_claims').where('user_id', '=', userId).execute())
      const keys = [...postMediaKeys(live.flatMap(mediaFilesOf)), ...(profile?.picture ? [avatarKey(profile.picture)] : [])]
      if (keys.length > 0) yield* sendJob(removeMediaJob.name, { keys })
    }),
}
