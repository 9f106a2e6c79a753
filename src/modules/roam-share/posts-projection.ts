import { sql, type Kysely } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../events/event-set.ts'
import type { Projection, RecordedEvent } from '../../events/types.ts'
import { LikeEvents, type LikeEvent } from './like-domain.ts'
import { PostEvents, type PostEvent } from './post-domain.ts'
import { forgetFeedPages } from './feed-cache.ts'
import { BlockEvents, DeletionEvents } from './projections.ts'
import './tables.ts'
import { addToCounters, Deltas } from './toggles.ts'
import { trigramIndex } from './trigram.ts'
import { TripCopyEvents, type TripCopyEvent } from './trip-copy-domain.ts'
import { tripCardOf, tripPlaceNames } from './trip-card.ts'

type FeedEvent = PostEvent | LikeEvent | TripCopyEvent | EventOf<typeof BlockEvents> | EventOf<typeof DeletionEvents>

/**
 * The feed: one row per live post with what a grid card and the post modal show, its like count and
 * open reports. `seq` orders the feed (newest first) and is the pagination cursor: the log position of
 * the event that made the post visible (its publication, or its video becoming ready). `listed` says
 * whether the feed shows it: not while its video is processing or failed, nor while its author is
 * blocked. One row per tag in rs_post_tags makes a tag filter an index range. A post's trip is kept whole in
 * rs_post_trips (the post modal and copies read it) and as its card in rs_posts (the feed shows it);
 * rs_trip_copies lists who made it their own, once each.
 */
export const postsProjection: Projection<FeedEvent> = {
  name: 'roam_share_posts',
  // The reports find a deleted author's posts here before they are dropped.
  runsAfter: ['roam_share_reports'],
  events: combineEvents(PostEvents, LikeEvents, TripCopyEvents, BlockEvents, DeletionEvents),
  tables: ['rs_posts', 'rs_post_tags', 'rs_post_trips', 'rs_trip_copies'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".rs_posts (
      post_id        uuid PRIMARY KEY,
      author_id      uuid NOT NULL,
      post_type      text NOT NULL,
      caption        text NOT NULL,
      location       text NOT NULL,
      tags           text[] NOT NULL,
      photos         jsonb NOT NULL,
      video          jsonb,
      video_status   text NOT NULL,
      likes          integer NOT NULL DEFAULT 0,
      open_reports   integer NOT NULL DEFAULT 0,
      created_at     timestamptz NOT NULL,
      edited_at      timestamptz,
      seq            bigint NOT NULL,
      author_blocked boolean NOT NULL DEFAULT false,
      trip_card      jsonb,
      trip_places    text,
      trip_copies    integer NOT NULL DEFAULT 0,
      listed         boolean GENERATED ALWAYS AS (video_status IN ('none', 'ready') AND NOT author_blocked) STORED
    );
    CREATE UNIQUE INDEX rs_posts_feed ON "${schema}".rs_posts (seq DESC) INCLUDE (post_id) WHERE listed;
    CREATE INDEX rs_posts_trips ON "${schema}".rs_posts (seq DESC) INCLUDE (post_id) WHERE listed AND trip_card IS NOT NULL;
    CREATE INDEX rs_posts_author ON "${schema}".rs_posts (author_id, seq DESC);
    CREATE INDEX rs_posts_reported ON "${schema}".rs_posts (seq DESC) WHERE open_reports > 0;
    ${trigramIndex(schema, 'rs_posts_location_trgm', 'rs_posts', 'lower(location)')}
    CREATE TABLE "${schema}".rs_post_tags (
      tag     text NOT NULL,
      seq     bigint NOT NULL,
      post_id uuid NOT NULL,
      PRIMARY KEY (tag, seq)
    );
    CREATE INDEX rs_post_tags_post ON "${schema}".rs_post_tags (post_id);
    CREATE TABLE "${schema}".rs_post_trips (
      post_id uuid PRIMARY KEY,
      trip    jsonb NOT NULL
    );
    CREATE TABLE "${schema}".rs_trip_copies (
      post_id   uuid NOT NULL,
      copier_id uuid NOT NULL,
      PRIMARY KEY (post_id, copier_id)
    );
    CREATE INDEX rs_trip_copies_copier ON "${schema}".rs_trip_copies (copier_id);`,
  apply: async (db, events) => {
    const likes = new Deltas()
    let published: RecordedEvent<Extract<PostEvent, { type: 'PostPublished' }>>[] = []
    const flushPublished = async () => {
      if (published.length === 0) return
      const rows = published
      published = []
      await insertPosts(db, rows)
    }
    for (const event of events) {
      if (event.type === 'PostPublished') {
        published.push(event as never)
        continue
      }
      if (event.type === 'PostLiked' || event.type === 'PostUnliked') {
        likes.add(event.data.postId, event.type === 'PostLiked' ? 1 : -1)
        continue
      }
      await flushPublished()
      await applyOne(db, event as RecordedEvent<FeedEvent>)
    }
    await flushPublished()
    const counted = await addToCounters(db, 'rs_posts', 'post_id', { likes })
    const copies = await tripCopiesOf(db, events)
    // Each like answers with its post's like count once the batch is applied, each copy with its post's copy
    // count (none: the post is gone).
    return new Map(
      events.flatMap((event): Array<[string, Record<string, number>]> => {
        if (event.type === 'PostLiked' || event.type === 'PostUnliked') return [[event.streamId, { likes: counted.get(event.data.postId)?.likes ?? 0 }]]
        if (event.type === 'PostTripCopied') return [[event.streamId, { trip_copies: copies.get(event.data.postId) ?? 0 }]]
        return []
      }),
    )
  },
  // Held feed pages carry the posts but not their likes: any other change makes them stale.
  committed: (events) => {
    if (events.some((event) => event.type !== 'PostLiked' && event.type !== 'PostUnliked')) forgetFeedPages()
  },
}

/** The copy counts of the posts whose trips the batch copied, as the batch left them (one query; none without copies). */
async function tripCopiesOf(db: Kysely<any>, events: readonly RecordedEvent<FeedEvent>[]): Promise<Map<string, number>> {
  const postIds = [...new Set(events.flatMap((event) => (event.type === 'PostTripCopied' ? [event.data.postId] : [])))]
  if (postIds.length === 0) return new Map()
  const rows: Array<{ post_id: string; trip_copies: number }> = await db
    .selectFrom('rs_posts')
    .select(['post_id', 'trip_copies'])
    .where('post_id', '=', sql<string>`any(${postIds}::uuid[])`)
    .execute()
  return new Map(rows.map((row) => [row.post_id, row.trip_copies]))
}

async function insertPosts(db: Kysely<any>, events: readonly RecordedEvent<Extract<PostEvent, { type: 'PostPublished' }>>[]) {
  for (let i = 0; i < events.length; i += 2000) {
    const batch = events.slice(i, i + 2000)
    await db
      .insertInto('rs_posts')
      .values(
        batch.map(({ data, occurredAt, globalPosition }) => ({
          post_id: data.postId,
          author_id: data.authorId,
          post_type: data.postType,
          caption: data.caption,
          location: data.location,
          tags: data.tags as string[],
          photos: JSON.stringify(data.photos),
          video: null,
          video_status: data.videoSource ? 'processing' : 'none',
          created_at: occurredAt,
          seq: globalPosition,
        })),
      )
      .onConflict((oc) => oc.column('post_id').doNothing())
      .execute()
    const tags = batch.flatMap(({ data, globalPosition }) => data.tags.map((tag) => ({ tag, seq: globalPosition, post_id: data.postId })))
    if (tags.length > 0)
      await db
        .insertInto('rs_post_tags')
        .values(tags)
        .onConflict((oc) => oc.doNothing())
        .execute()
  }
}

async function replaceTags(db: Kysely<any>, postId: string) {
  await db.deleteFrom('rs_post_tags').where('post_id', '=', postId).execute()
  await db
    .insertInto('rs_post_tags')
    .columns(['tag', 'seq', 'post_id'])
    .expression(
      db
        .selectFrom('rs_posts')
        .select([sql`unnest(tags)`.as('tag'), 'seq', 'post_id'])
        .where('post_id', '=', postId),
    )
    .execute()
}

/** A post's trip taken off: the card, the place names the search reads and the snapshot. */
async function forgetTrip(db: Kysely<any>, postId: string) {
  await db.deleteFrom('rs_post_trips').where('post_id', '=', postId).execute()
  await db.updateTable('rs_posts').set({ trip_card: null, trip_places: null }).where('post_id', '=', postId).execute()
}

async function applyOne(db: Kysely<any>, event: RecordedEvent<FeedEvent>) {
  const post = (postId: string) => db.updateTable('rs_posts').where('post_id', '=', postId)
  switch (event.type) {
    case 'PostVideoProcessed':
      await post(event.data.postId)
        .set({ video: JSON.stringify(event.data.video), video_status: 'ready', seq: event.globalPosition })
        .execute()
      await replaceTags(db, event.data.postId)
      return
    case 'PostVideoFailed':
      await post(event.data.postId).set({ video_status: 'failed' }).execute()
      return
    case 'PostEdited':
      await post(event.data.postId)
        .set({
          caption: event.data.caption,
          location: event.data.location,
          tags: event.data.tags as string[],
          photos: JSON.stringify(event.data.photos),
          edited_at: event.occurredAt,
        })
        .execute()
      await replaceTags(db, event.data.postId)
      return
    case 'PostDeleted':
    case 'PostRemovedByModerator':
      await db.deleteFrom('rs_post_tags').where('post_id', '=', event.data.postId).execute()
      await forgetTrip(db, event.data.postId)
      await db.deleteFrom('rs_trip_copies').where('post_id', '=', event.data.postId).execute()
      await db.deleteFrom('rs_posts').where('post_id', '=', event.data.postId).execute()
      return
    case 'PostTripAttached': {
      const { postId, trip } = event.data
      await db
        .insertInto('rs_post_trips')
        .values({ post_id: postId, trip: JSON.stringify(trip) })
        .onConflict((oc) => oc.column('post_id').doUpdateSet({ trip: JSON.stringify(trip) }))
        .execute()
      await post(postId)
        .set({ trip_card: JSON.stringify(tripCardOf(trip)), trip_places: tripPlaceNames(trip) })
        .execute()
      return
    }
    case 'PostTripDetached':
      await forgetTrip(db, event.data.postId)
      return
    case 'PostTripCopied': {
      // Only of a post that carries a trip (a copy's stream may outlive the purged post of a deleted author).
      const added = await db
        .insertInto('rs_trip_copies')
        .columns(['post_id', 'copier_id'])
        .expression(
          db
            .selectFrom('rs_posts')
            .select(['post_id', sql.lit(event.data.copierId).as('copier_id')])
            .where('post_id', '=', event.data.postId)
            .where('trip_card', 'is not', null),
        )
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0)
        await post(event.data.postId)
          .set({ trip_copies: sql`trip_copies + 1` })
          .execute()
      return
    }
    case 'PostReported':
      await post(event.data.postId)
        .set({ open_reports: sql`open_reports + 1` })
        .execute()
      return
    case 'PostReportCleared':
      await post(event.data.postId).set({ open_reports: 0 }).execute()
      return
    case 'UserDeleted': {
      // Their likes were purged with the account: the posts they liked count one fewer (read from the
      // likes model before it drops them: that one runs after this one).
      await db
        .updateTable('rs_posts')
        .set({ likes: sql`greatest(likes - 1, 0)` })
        .where('post_id', 'in', sql<string>`(SELECT post_id FROM rs_likes WHERE user_id = ${event.data.userId})`)
        .execute()
      // Their copies of others' trips were purged too.
      await db
        .updateTable('rs_posts')
        .set({ trip_copies: sql`greatest(trip_copies - 1, 0)` })
        .where('post_id', 'in', db.selectFrom('rs_trip_copies').select('post_id').where('copier_id', '=', event.data.userId))
        .execute()
      await db.deleteFrom('rs_trip_copies').where('copier_id', '=', event.data.userId).execute()
      const authored = db.selectFrom('rs_posts').select('post_id').where('author_id', '=', event.data.userId)
      await db.deleteFrom('rs_post_tags').where('post_id', 'in', authored).execute()
      await db.deleteFrom('rs_post_trips').where('post_id', 'in', authored).execute()
      await db.deleteFrom('rs_trip_copies').where('post_id', 'in', authored).execute()
      await db.deleteFrom('rs_posts').where('author_id', '=', event.data.userId).execute()
      return
    }
    case 'UserBlocked':
    case 'UserUnblocked':
      await db
        .updateTable('rs_posts')
        .set({ author_blocked: event.type === 'UserBlocked' })
        .where('author_id', '=', event.data.userId)
        .execute()
      return
    default:
      return
  }
}

// Reports: every report with its reason, for moderators. ---------------------------------------------

const ReportEvents = combineEvents(pickEvents(PostEvents, ['PostReported', 'PostReportCleared', 'PostRemovedByModerator', 'PostDeleted']), DeletionEvents)

export const reportsProjection: Projection<EventOf<typeof ReportEvents>> = {
  name: 'roam_share_reports',
  events: ReportEvents,
  tables: ['rs_reports'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".rs_reports (
      report_id   bigint PRIMARY KEY,
      post_id     uuid NOT NULL,
      reporter_id uuid NOT NULL,
      reason      text NOT NULL,
      reported_at timestamptz NOT NULL,
      resolved_at timestamptz,
      resolution  text,
      -- Known once the post's author is named by a moderator's or the author's event (for erasure).
      author_id   uuid
    );
    CREATE INDEX rs_reports_post ON "${schema}".rs_reports (post_id) WHERE resolved_at IS NULL;`,
  apply: async (db, events) => {
    const resolve = async (postId: string, authorId: string, at: Date, resolution: string) => {
      await db.updateTable('rs_reports').set({ resolved_at: at, resolution }).where('post_id', '=', postId).where('resolved_at', 'is', null).execute()
      await db.updateTable('rs_reports').set({ author_id: authorId }).where('post_id', '=', postId).execute()
    }
    for (const event of events) {
      switch (event.type) {
        case 'PostReported':
          await db
            .insertInto('rs_reports')
            .values({
              report_id: event.globalPosition,
              post_id: event.data.postId,
              reporter_id: event.data.reporterId,
              reason: event.data.reason,
              reported_at: event.occurredAt,
            })
            .onConflict((oc) => oc.column('report_id').doNothing())
            .execute()
          break
        case 'PostReportCleared':
          await resolve(event.data.postId, event.data.authorId, event.occurredAt, 'cleared')
          break
        case 'PostRemovedByModerator':
          await resolve(event.data.postId, event.data.authorId, event.occurredAt, 'removed')
          break
        case 'PostDeleted':
          await resolve(event.data.postId, event.data.authorId, event.occurredAt, 'deleted')
          break
        case 'UserDeleted':
          // The reports of a deleted author's posts, found through the live feed's rows (raw SQL: the feed
          // is another read model, outside a rebuild's scratch schema; it runs after this one).
          await db
            .deleteFrom('rs_reports')
            .where((eb) =>
              eb.or([
                eb('author_id', '=', event.data.userId),
                eb('post_id', 'in', sql<string>`(SELECT post_id FROM rs_posts WHERE author_id = ${event.data.userId})`),
              ]),
            )
            .execute()
          break
      }
    }
  },
}
