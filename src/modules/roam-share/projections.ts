import { sql, type Kysely } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../events/event-set.ts'
import type { Projection, RecordedEvent } from '../../events/types.ts'
import { lockInKeyOrder, zipped } from '../../events/zipped.ts'
import { AccountEvents } from '../auth/domain.ts'
import { FollowEvents, type FollowEvent } from './follow-domain.ts'
import { LikeEvents, type LikeEvent } from './like-domain.ts'
import { PostEvents } from './post-domain.ts'
import { ProfileEvents, type ProfileEvent } from './profile-domain.ts'
import { forgetFeedPages } from './feed-cache.ts'
import './tables.ts'
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

const chunks = <T>(items: readonly T[], size = 5000): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Net counter changes per key over a batch. */
class Deltas {
  private readonly byKey = new Map<string, number>()
  add(key: string, by: number) {
    this.byKey.set(key, (this.byKey.get(key) ?? 0) + by)
  }
  entries(): [string, number][] {
    return [...this.byKey].filter(([, by]) => by !== 0)
  }
  clear() {
    this.byKey.clear()
  }
}

/** The last toggle per pair in a batch: a toggled read model only needs the final state. */
function lastPerPair<E extends RecordedEvent<{ type: string; data: object }>>(events: readonly E[], pairOf: (event: E) => readonly [string, string]) {
  const last = new Map<string, E>()
  for (const event of events) last.set(pairOf(event).join(' '), event)
  return [...last.values()]
}

// Profiles: username, bio, picture, follower counts, blocked flag. ----------------------------------

type ProfilesEvent = ProfileEvent | FollowEvent | BlockEvent | EventOf<typeof DeletionEvents>

async function applyCounts(db: Kysely<any>, followers: Deltas, following: Deltas) {
  const ids = [...new Set([...followers.entries(), ...following.entries()].map(([id]) => id))].sort()
  const f = new Map(followers.entries())
  const g = new Map(following.entries())
  for (const batch of chunks(ids)) {
    await db
      .insertInto('rs_profiles')
      .values(batch.map((id) => ({ user_id: id })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute()
    await lockInKeyOrder(db, 'rs_profiles', 'user_id', batch)
    await db
      .updateTable('rs_profiles as p')
      .from(
        zipped(db, {
          id: { values: batch, type: 'uuid' },
          f: { values: batch.map((id) => f.get(id) ?? 0), type: 'int' },
          g: { values: batch.map((id) => g.get(id) ?? 0), type: 'int' },
        }),
      )
      .set({ follower_count: sql`greatest(p.follower_count + t.f, 0)`, following_count: sql`greatest(p.following_count + t.g, 0)` })
      .whereRef('p.user_id', '=', 't.id')
      .execute()
  }
}

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
          await applyCounts(db, followers, following)
          followers.clear()
          following.clear()
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
    await applyCounts(db, followers, following)
  },
  // Held feed pages show authors' usernames and pictures.
  committed: (events) => {
    if (events.some((event) => event.type === 'UsernameSet' || event.type === 'ProfilePictureChanged')) forgetFeedPages()
  },
}

// Follows: who follows whom, since when. -------------------------------------------------------------

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
    const final = lastPerPair(events, (event) => [event.data.followerId, event.data.followeeId])
    const follows = final.filter((event) => event.type === 'UserFollowed')
    const unfollows = final.filter((event) => event.type === 'UserUnfollowed')
    for (const batch of chunks(follows)) {
      await db
        .insertInto('rs_follows')
        .values(batch.map((event) => ({ follower_id: event.data.followerId, followee_id: event.data.followeeId, followed_at: event.occurredAt })))
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doUpdateSet({ followed_at: sql`excluded.followed_at` }))
        .execute()
    }
    for (const batch of chunks(unfollows)) {
      await db
        .deleteFrom('rs_follows')
        .where((eb) =>
          eb(
            eb.refTuple('follower_id', 'followee_id'),
            'in',
            batch.map((e) => eb.tuple(e.data.followerId, e.data.followeeId)),
          ),
        )
        .execute()
    }
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
      const final = lastPerPair(run, (event) => [event.data.postId, event.data.userId])
      run = []
      const likes = final.filter((event) => event.type === 'PostLiked')
      const unlikes = final.filter((event) => event.type === 'PostUnliked')
      for (const batch of chunks(likes)) {
        await db
          .insertInto('rs_likes')
          .values(batch.map((event) => ({ post_id: event.data.postId, user_id: event.data.userId, liked_at: event.occurredAt })))
          .onConflict((oc) => oc.columns(['post_id', 'user_id']).doUpdateSet({ liked_at: sql`excluded.liked_at` }))
          .execute()
      }
      for (const batch of chunks(unlikes)) {
        await db
          .deleteFrom('rs_likes')
          .where((eb) =>
            eb(
              eb.refTuple('post_id', 'user_id'),
              'in',
              batch.map((e) => eb.tuple(e.data.postId, e.data.userId)),
            ),
          )
          .execute()
      }
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
