import { Effect } from 'effect'
import { sql } from 'kysely'
import { Config } from '../../platform/config.ts'
import { query } from '../../platform/database.ts'
import { PostNotFound } from './errors.ts'
import type { StoredPhoto } from '../media/uploads.ts'
import type { VideoStatus } from './post-domain.ts'
import type { TripCard } from './trip-card.ts'
import { cachedFeedPage, feedPageKey, type FeedPageRows } from './feed-cache.ts'
import { isId, uploadUrl } from './rules.ts'
import './tables.ts'

/** Reading posts: the feed with its filters, a user's posts, one post. Read models only. */

export const PAGE_SIZE = 18
export const MAX_PAGE_SIZE = 60

export interface FeedQuery {
  readonly viewerId: string | undefined
  readonly tag?: string | undefined
  readonly liked?: boolean | undefined
  readonly followed?: boolean | undefined
  readonly location?: string | undefined
  /** Only posts that carry a trip. */
  readonly trips?: boolean | undefined
  /** The `seq` of the last post of the previous page. */
  readonly cursor?: number | undefined
  readonly limit?: number | undefined
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** Whether the viewer likes the post `p`. */
const likedBy = (viewerId: string | undefined) =>
  viewerId ? sql<boolean>`EXISTS (SELECT 1 FROM rs_likes l WHERE l.post_id = p.post_id AND l.user_id = ${viewerId})` : sql<boolean>`false`

/** Posts with their author's profile (`a`): what every post read starts from. */
const postsWithAuthors = (db: Parameters<Parameters<typeof query>[0]>[0]) =>
  db.selectFrom('rs_posts as p').leftJoin('rs_profiles as a', 'a.user_id', 'p.author_id')

export function selectPosts(db: Parameters<Parameters<typeof query>[0]>[0], viewerId: string | undefined) {
  return postsWithAuthors(db)
    .select([
      'p.post_id',
      'p.author_id',
      'p.post_type',
      'p.caption',
      'p.location',
      'p.tags',
      'p.photos',
      'p.video',
      'p.video_status',
      'p.likes',
      'p.open_reports',
      'p.created_at',
      'p.edited_at',
      'p.seq',
      'a.username',
      'a.picture',
      'a.picture_changed_at',
    ])
    .select(likedBy(viewerId).as('liked'))
}

/**
 * The feed, newest first, a page at a time (spec §2 Roam Share: tags, Followed, Liked Posts, location
 * search), as JSON text. A viewer's own page (Followed, Liked) is written whole by PostgreSQL; a shared
 * page's posts are held a moment and given their current state.
 */
export const feedPage = Effect.fn('Feed.page')(function* (feed: FeedQuery) {
  const limit = Math.min(Math.max(feed.limit ?? PAGE_SIZE, 1), MAX_PAGE_SIZE)
  const mediaBase = yield* mediaBaseUrl
  if (feed.viewerId && (feed.liked || feed.followed)) return yield* personalPage(feed, limit, mediaBase)
  const page = yield* cachedFeedPage(feedPageKey(feed, limit, mediaBase), readFeedPage(feed, limit, mediaBase))
  const states = yield* postStates(
    page.posts.map((post) => post.post_id),
    feed.viewerId,
  )
  return withStates(page, states)
})

/** The feed's posts that pass its filters, newest first, one more than a page (to tell whether another follows). */
function feedPosts(db: Parameters<Parameters<typeof query>[0]>[0], feed: FeedQuery, limit: number) {
  const { cursor, tag, viewerId } = feed
  const location = feed.location?.trim().toLowerCase()
  return (
    postsWithAuthors(db)
      .where(sql<boolean>`p.listed`)
      .$if(cursor !== undefined, (q) => q.where('p.seq', '<', cursor!))
      .$if(Boolean(tag), (q) =>
        q.where(
          'p.seq',
          'in',
          db
            .selectFrom('rs_post_tags')
            .select('seq')
            .where('tag', '=', tag!)
            .$if(cursor !== undefined, (t) => t.where('seq', '<', cursor!))
            .orderBy('seq', 'desc')
            .limit(limit * 4),
        ),
      )
      .$if(Boolean(feed.liked && viewerId), (q) =>
        q.where(({ exists, selectFrom }) =>
          exists(selectFrom('rs_likes as lk').select('lk.post_id').whereRef('lk.post_id', '=', 'p.post_id').where('lk.user_id', '=', viewerId!)),
        ),
      )
      .$if(Boolean(feed.followed && viewerId), (q) =>
        q.where('p.author_id', 'in', db.selectFrom('rs_follows').select('followee_id').where('follower_id', '=', viewerId!)),
      )
      .$if(feed.trips === true, (q) => q.where('p.trip_card', 'is not', null))
      // The post's location, or a city its trip visits.
      .$if(Boolean(location), (q) =>
        q.where((eb) => eb.or([eb(sql`lower(p.location)`, 'like', `%${escapeLike(location!)}%`), eb('p.trip_places', 'like', `%${escapeLike(location!)}%`)])),
      )
      .orderBy('p.seq', 'desc')
      .limit(limit + 1)
  )
}

/** A page of the feed's posts without what changes by the second (likes, the viewer's like, reports). */
const readFeedPage = (feed: FeedQuery, limit: number, mediaBase: string) =>
  Effect.map(
    query((db) =>
      feedPosts(db, feed, limit)
        .select(['p.post_id', 'p.seq', sql<string>`${postJson(mediaBase)}::text`.as('json')])
        .execute(),
    ),
    (rows): FeedPageRows => {
      const posts = rows.slice(0, limit)
      return { posts: posts.map(({ post_id, json }) => ({ post_id, json })), nextCursor: rows.length > limit ? posts.at(-1)!.seq : null }
    },
  )

/** A viewer's own page of the feed, with every post's current state, as PostgreSQL writes the answer. */
const personalPage = (feed: FeedQuery, limit: number, mediaBase: string) =>
  Effect.map(
    query((db) =>
      db
        .selectFrom(
          feedPosts(db, feed, limit)
            .select([
              'p.seq',
              sql`${postJson(mediaBase)} || ${postState(feed.viewerId)}`.as('post'),
              sql<number>`row_number() OVER (ORDER BY p.seq DESC)`.as('n'),
            ])
            .as('page'),
        )
        .select(
          sql<string>`json_build_object(
            'posts', coalesce(json_agg(page.post ORDER BY page.n) FILTER (WHERE page.n <= ${limit}), '[]'),
            'nextCursor', CASE WHEN count(*) > ${limit} THEN (max(page.seq) FILTER (WHERE page.n = ${limit}))::text END
          )::text`.as('json'),
        )
        .executeTakeFirstOrThrow(),
    ),
    (row) => row.json,
  )

type PostState = Pick<PresentedPost, 'likes' | 'liked' | 'is_reported'>

/** What changes by the second of the post `p`: its likes, the viewer's like and its reports. */
const postState = (viewerId: string | undefined) => sql`jsonb_build_object('likes', p.likes, 'liked', ${likedBy(viewerId)}, 'is_reported', p.open_reports > 0)`

/** Like counts, the viewer's likes and open reports of the posts, of those the feed still shows, read as they are now. */
const postStates = (postIds: readonly string[], viewerId: string | undefined) =>
  postIds.length === 0
    ? Effect.succeed(new Map<string, PostState>())
    : Effect.map(
        query((db) =>
          db
            .selectFrom('rs_posts as p')
            .select(['p.post_id', 'p.likes', 'p.open_reports', likedBy(viewerId).as('liked')])
            .where(sql<boolean>`p.post_id = ANY(${postIds}::uuid[]) AND p.listed`)
            .execute(),
        ),
        (rows) => new Map(rows.map((row) => [row.post_id, { likes: row.likes, liked: row.liked, is_reported: row.open_reports > 0 }])),
      )

/**
 * A shared feed page as the API answers it: each held post's JSON as PostgreSQL wrote it, closed with its
 * current state. Written as text on purpose, on the busiest route: measured side by side, holding the posts
 * parsed and serialising the page whole answered 0.84–0.94 times as many pages a second, and building it in
 * PostgreSQL sends every held post there and back (about 3× the time per page). A held page's post that has
 * since gone (deleted or hidden by another app process) is left out.
 */
function withStates(page: FeedPageRows, states: ReadonlyMap<string, PostState>): string {
  const posts = page.posts.flatMap(({ post_id, json }) => {
    const state = states.get(post_id)
    return state ? [`${json.slice(0, -1)},"likes":${state.likes},"liked":${state.liked},"is_reported":${state.is_reported}}`] : []
  })
  return `{"posts":[${posts.join(',')}],"nextCursor":${page.nextCursor === null ? 'null' : `"${page.nextCursor}"`}}`
}

/** A user's posts, newest first, as the API answers them: all of them (processing videos too) for their own profile, listed ones for others. */
export const postsBy = Effect.fn('Feed.postsBy')(function* (authorId: string, viewerId: string | undefined, options: { includeUnlisted: boolean }) {
  const mediaBase = yield* mediaBaseUrl
  const rows = yield* query((db) =>
    selectPresented(db, viewerId, mediaBase)
      .where('p.author_id', '=', authorId)
      .$if(!options.includeUnlisted, (q) => q.where('p.listed', '=', true))
      .orderBy('p.seq', 'desc')
      .limit(500)
      .execute(),
  )
  return rows.map(parsePresented)
})

export const findPost = Effect.fn('Feed.findPost')(function* (postId: string, viewerId?: string) {
  if (!isId(postId)) return yield* new PostNotFound()
  const row = yield* query((db) => selectPosts(db, viewerId).where('p.post_id', '=', postId).executeTakeFirst())
  if (!row) return yield* new PostNotFound()
  return row
})

/** Where uploaded files are served from ('' for this server). */
export const mediaBaseUrl = Effect.gen(function* () {
  return (yield* Config).mediaBaseUrl ?? ''
})

/** A post as the API answers it, by id (after creating or editing it). */
export const presentedPost = Effect.fn('Feed.presentedPost')(function* (postId: string, viewerId: string | undefined) {
  const mediaBase = yield* mediaBaseUrl
  const row = yield* query((db) => selectPresented(db, viewerId, mediaBase).where('p.post_id', '=', postId).executeTakeFirst())
  if (!row) return yield* new PostNotFound()
  return parsePresented(row)
})

/** A post row with the post as the API answers it (`json`), for lists that filter or page on the row. */
export interface PresentedRow {
  readonly post_id: string
  readonly author_id: string
  readonly seq: number
  readonly json: string
}

export const parsePresented = (row: PresentedRow) => JSON.parse(row.json) as PresentedPost

export function selectPresented(db: Parameters<Parameters<typeof query>[0]>[0], viewerId: string | undefined, mediaBase: string) {
  return postsWithAuthors(db)
    .select(['p.post_id', 'p.author_id', 'p.seq'])
    .select(sql<string>`(${postJson(mediaBase)} || ${postState(viewerId)})::text`.as('json'))
}

const isoTime = (column: string) => sql`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * A post as the API answers it (spec §3 Roam Share post) but for its likes, the viewer's like and its
 * reports, with ready-to-use URLs for every file, as jsonb written by PostgreSQL: the feed holds its pages'
 * posts as they come and adds only their current state. Reads `p` (rs_posts) and `a` (the author's
 * rs_profiles row).
 */
function postJson(mediaBase: string) {
  const files = uploadUrl(mediaBase, 'roam_share_posts', '')
  const pictures = uploadUrl(mediaBase, 'profile_pictures', '')
  const eachPhoto = (value: ReturnType<typeof sql>) =>
    sql`coalesce((SELECT jsonb_agg(${value} ORDER BY i) FROM jsonb_array_elements(p.photos) WITH ORDINALITY AS x(photo, i)), '[]'::jsonb)`
  return sql`jsonb_build_object(
    'post_id', p.post_id, 'user_id', p.author_id, 'username', a.username,
    'profile_picture', ${pictures}::text || a.picture || '?v=' || coalesce((extract(epoch FROM a.picture_changed_at) * 1000)::bigint, 0),
    'post_type', p.post_type,
    'images', ${eachPhoto(sql`photo->'file'`)},
    'photos', ${eachPhoto(sql`photo || jsonb_build_object('url', ${files}::text || (photo->>'file'), 'thumb_url', ${files}::text || (photo->>'thumb'))`)},
    'video', p.video->'file',
    'video_url', ${files}::text || (p.video->>'file'),
    'poster_url', ${files}::text || (p.video->>'poster'),
    'video_duration', p.video->'duration',
    'video_status', p.video_status,
    'thumb_url', ${files}::text || (coalesce(p.video, p.photos->0)->>'thumb'),
    'placeholder', (SELECT jsonb_build_object('color', c->'color', 'hash', c->'hash', 'width', c->'width', 'height', c->'height')
                    FROM (SELECT coalesce(p.video, p.photos->0) AS c) AS cover WHERE c IS NOT NULL),
    'location', p.location, 'content', p.caption, 'caption', p.caption, 'tags', p.tags,
    'created_at', ${isoTime('p.created_at')}, 'edited_at', ${isoTime('p.edited_at')},
    'trip', p.trip_card || jsonb_build_object('copies', p.trip_copies)
  )`
}

/** A post as the API answers it (spec §3 Roam Share post). */
export interface PresentedPost {
  readonly post_id: string
  readonly user_id: string
  readonly username: string | null
  readonly profile_picture: string | null
  readonly post_type: 'photo' | 'video'
  readonly images: string[]
  readonly photos: (StoredPhoto & { readonly url: string; readonly thumb_url: string })[]
  readonly video: string | null
  readonly video_url: string | null
  readonly poster_url: string | null
  readonly video_duration: number | null
  readonly video_status: VideoStatus
  readonly thumb_url: string | null
  readonly placeholder: { readonly color: string; readonly hash: string; readonly width: number; readonly height: number } | null
  readonly location: string
  readonly content: string
  readonly caption: string
  readonly tags: string[]
  readonly likes: number
  readonly liked: boolean
  readonly is_reported: boolean
  readonly created_at: string
  readonly edited_at: string | null
  /** The trip the post carries, as its card shows it. */
  readonly trip: TripCard | null
}
