import { sql, type Kysely } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../events/event-set.ts'
import type { Projection, RecordedEvent } from '../../events/types.ts'
import { AccountEvents } from '../auth/domain.ts'
import { FollowEvents, type FollowEvent } from './follow-domain.ts'
import { LikeEvents, type LikeEvent } from './like-domain.ts'
import { PostEvents } from './post-domain.ts'
import { ProfileEvents, type ProfileEvent } from './profile-domain.ts'
import { forgetFeedPages } from './feed-cache.ts'
import './tables.ts'
import { addToCounters, applyToggles, Deltas, type ToggleTable } from './toggles.ts'
import { trigramIndex } from './trigram.ts'

/**
 * Roam Share's read models, all inline (read-your-writes). Each gives the same rows whether a batch
 * arrives at once or event by event; the high-volume ones (likes, follows, like counts) fold a batch
 * into net changes first, so a rebuild over millions of events runs as a few bulk statements.
 */

export const BlockEvents = pickEvents(AccountEvents, ['UserBlocked', 'UserUnblocked'])
/** A deleted account: its posts and the personal parts of its profile go (their streams were purged). */
export const DeletionEvents = pickEvents(AccountEvents, ['UserDeleted'])
type BlockEvent = EventOf<typeof BlockEvents>

// Profiles: username, bio, picture, follower counts, blocked flag. ----------------------------------

type ProfilesEvent = ProfileEvent | FollowEvent | BlockEvent | EventOf<typeof DeletionEvents>

const applyCounts = (db: Kysely<any>, followers: Deltas, following: Deltas) =>
  addToCounters(db, 'rs_profiles', 'user_id', { follower_count: followers, following_count: following }, true)

export const profilesProjection: Projection<ProfilesEvent> = {
  name: 'roam_share_profiles',
  events: combineEvents(ProfileEvents, FollowEvents, BlockEvents, DeletionEvents),
  tables: ['rs_profiles'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".rs_profiles (
      user_id            uuid PRIMARY KEY,
      username           text,
      username_lower     text,
      bio                text NOT NULL DEFAULT '',
      picture            text,
      picture_changed_at timestamptz,
      follower_count     integer NOT NULL DEFAULT 0,
      following_count    integer NOT NULL DEFAULT 0,
      blocked            boolean NOT NULL DEFAULT false
    );
    CREATE UNIQUE INDEX rs_profiles_username ON "${schema}".rs_profiles (username_lower COLLATE "C");
    ${trigramIndex(schema, 'rs_profiles_username_trgm', 'rs_profiles', 'username_lower')}
    ${trigramIndex(schema, 'rs_profiles_username_trgm_gist', 'rs_profiles', 'username_lower', 'gist')}`,
  apply: async (db, events) => {
    const followers = new Deltas()
    const following = new Deltas()
    const counted = new Map<string, Record<string, number>>()
    const countFollows = async () => {
      for (const [userId, counts] of await applyCounts(db, followers, following)) counted.set(userId, counts)
      followers.clear()
      following.clear()
    }
    const upsert = (userId: string, set: Record<string, unknown>) =>
      db
        .insertInto('rs_profiles')
        .values({ user_id: userId, ...set })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
        .execute()
    for (const event of events) {
      switch (event.type) {
        case 'UsernameSet':
          await upsert(event.data.userId, { username: event.data.username, username_lower: event.data.username.toLowerCase() })
          break
        case 'BioUpdated':
          await upsert(event.data.userId, { bio: event.data.bio })
          break
        case 'ProfilePictureChanged':
          await upsert(event.data.userId, { picture: event.data.file, picture_changed_at: event.occurredAt })
          break
        case 'UserFollowed':
        case 'UserUnfollowed': {
          const by = event.type === 'UserFollowed' ? 1 : -1
          followers.add(event.data.followeeId, by)
          following.add(event.data.followerId, by)
          break
        }
        case 'UserBlocked':
        case 'UserUnblocked':
          await db
            .updateTable('rs_profiles')
            .set({ blocked: event.type === 'UserBlocked' })
            .where('user_id', '=', event.data.userId)
            .execute()
          break
        case 'UserDeleted': {
          // Their follows were purged with the account: the people on the other side count one fewer
          // (read from the follows model before it drops them: that one runs after this one).
          await countFollows()
          const { userId } = event.data
          await db
            .updateTable('rs_profiles')
            .set({ follower_count: sql`greatest(follower_count - 1, 0)` })
            .where('user_id', 'in', sql<string>`(SELECT followee_id FROM rs_follows WHERE follower_id = ${userId})`)
            .execute()
          await db
            .updateTable('rs_profiles')
            .set({ following_count: sql`greatest(following_count - 1, 0)` })
            .where('user_id', 'in', sql<string>`(SELECT follower_id FROM rs_follows WHERE followee_id = ${userId})`)
            .execute()
          await db.deleteFrom('rs_profiles').where('user_id', '=', userId).execute()
          break
        }
      }
    }
    await countFollows()
    // Each follow answers with the followee's follower count once the batch is applied.
    return new Map(
      events.flatMap((event) =>
        event.type === 'UserFollowed' || event.type === 'UserUnfollowed'
          ? [[event.streamId, { follower_count: counted.get(event.data.followeeId)?.follower_count ?? 0 }]]
          : [],
      ),
    )
  },
  // Held feed pages show authors' usernames and pictures.
  committed: (events) => {
    if (events.some((event) => event.type === 'UsernameSet' || event.type === 'ProfilePictureChanged')) forgetFeedPages()
  },
}

// Follows: who follows whom, since when. -------------------------------------------------------------

const followToggles: ToggleTable<RecordedEvent<FollowEvent>> = {
  table: 'rs_follows',
  keys: ['follower_id', 'followee_id'],
  at: 'followed_at',
  pairOf: (event) => [event.data.followerId, event.data.followeeId],
  isOn: (event) => event.type === 'UserFollowed',
}

export const followsProjection: Projection<FollowEvent | EventOf<typeof DeletionEvents>> = {
  name: 'roam_share_follows',
  // The profiles count a deleted user's follows before they are dropped here.
  runsAfter: ['roam_share_profiles'],
  events: combineEvents(FollowEvents, DeletionEvents),
  tables: ['rs_follows'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".rs_follows (
      follower_id uuid NOT NULL,
      followee_id uuid NOT NULL,
      followed_at timestamptz NOT NULL,
      PRIMARY KEY (follower_id, followee_id)
    );
    CREATE INDEX rs_follows_followee ON "${schema}".rs_follows (followee_id, followed_at DESC);`,
  apply: async (db, allEvents) => {
    const gone = allEvents.flatMap((event) => (event.type === 'UserDeleted' ? [event.data.userId] : []))
    const events = allEvents.filter((event): event is RecordedEvent<FollowEvent> => event.type !== 'UserDeleted')
    await applyToggles(db, followToggles, events)
    // A deleted account's follows were purged with it (a batch never holds their follows after it).
    if (gone.length > 0)
      await db
        .deleteFrom('rs_follows')
        .where((eb) => eb.or([eb('follower_id', 'in', gone), eb('followee_id', 'in', gone)]))
        .execute()
  },
}

// Likes: who liked which post. ---------------------------------------------------------------------

const PostGoneEvents = pickEvents(PostEvents, ['PostDeleted', 'PostRemovedByModerator'])
type PostGoneEvent = EventOf<typeof PostGoneEvents>

const likeToggles: ToggleTable<RecordedEvent<LikeEvent>> = {
  table: 'rs_likes',
  keys: ['post_id', 'user_id'],
  at: 'liked_at',
  pairOf: (event) => [event.data.postId, event.data.userId],
  isOn: (event) => event.type === 'PostLiked',
}

export const likesProjection: Projection<LikeEvent | PostGoneEvent | EventOf<typeof DeletionEvents>> = {
  name: 'roam_share_likes',
  // The posts count a deleted user's likes before they are dropped here, and drop the deleted user's posts,
  // whose likes go here.
  runsAfter: ['roam_share_posts'],
  events: combineEvents(LikeEvents, PostGoneEvents, DeletionEvents),
  tables: ['rs_likes'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".rs_likes (
      post_id  uuid NOT NULL,
      user_id  uuid NOT NULL,
      liked_at timestamptz NOT NULL,
      PRIMARY KEY (post_id, user_id)
    );
    CREATE INDEX rs_likes_user ON "${schema}".rs_likes (user_id, post_id);`,
  apply: async (db, events) => {
    // Runs of toggles between post removals fold into their final state.
    let run: RecordedEvent<LikeEvent>[] = []
    const flush = async () => {
      await applyToggles(db, likeToggles, run)
      run = []
    }
    for (const event of events) {
      if (event.type === 'PostLiked' || event.type === 'PostUnliked') {
        run.push(event as RecordedEvent<LikeEvent>)
        continue
      }
      await flush()
      if (event.type === 'UserDeleted') {
        // Their likes, and the likes of their posts, were purged with the account (the posts model, which
        // runs before this one, no longer lists those posts).
        await db
          .deleteFrom('rs_likes')
          .where((eb) => eb.or([eb('user_id', '=', event.data.userId), sql<boolean>`NOT EXISTS (SELECT 1 FROM rs_posts p WHERE p.post_id = rs_likes.post_id)`]))
          .execute()
        continue
      }
      await db.deleteFrom('rs_likes').where('post_id', '=', event.data.postId).execute()
    }
    await flush()
  },
}
