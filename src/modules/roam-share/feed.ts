import { Effect } from 'effect'
import { sql, type SelectQueryBuilder } from 'kysely'
import { Config } from '../../platform/config.ts'
import { query } from '../../platform/database.ts'
import type { Tables } from '../../platform/tables.ts'
import { PostNotFound } from './errors.ts'
import { pictureUrl } from './profiles.ts'
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
  /** The `seq` of the last post of the previous page. */
  readonly cursor?: number | undefined
  readonly limit?: number | undefined
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

type PostSelect = SelectQueryBuilder<Tables & { p: Tables['rs_posts']; a: Tables['rs_profiles'] }, 'p' | 'a', object>

export function selectPosts(db: Parameters<Parameters<typeof query>[0]>[0], viewerId: string | undefined) {
  return db
    .selectFrom('rs_posts as p')
    .leftJoin('rs_profiles as a', 'a.user_id', 'p.author_id')
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
    .select(
      viewerId
        ? sql<boolean>`EXISTS (SELECT 1 FROM rs_likes l WHERE l.post_id = p.post_id AND l.user_id = ${viewerId})`.as('liked')
        : sql<boolean>`false`.as('liked'),
    ) as unknown as PostSelect
}

/** A feed row with its author's username and picture, and whether the viewer likes it. */
export type PostRow = Omit<Tables['rs_posts'], 'listed' | 'author_blocked'> & {
  username: string | null
  picture: string | null
  picture_changed_at: Date | null
  liked: boolean
}

/** The feed, newest first, a page at a time (spec §2 Roam Share: tags, Followed, Liked Posts, location search). */
export const feedPage = Effect.fn('Feed.page')(function* (feed: FeedQuery) {
  const limit = Math.min(Math.max(feed.limit ?? PAGE_SIZE, 1), MAX_PAGE_SIZE)
  const rows = (yield* query((db) => {
    let q = selectPosts(db, feed.viewerId).where('p.listed', '=', true) as any
    if (feed.cursor !== undefined) q = q.where('p.seq', '<', feed.cursor)
    if (feed.tag)
      q = q.where(
        'p.seq',
        'in',
        db
          .selectFrom('rs_post_tags')
          .select('seq')
          .where('tag', '=', feed.tag)
          .$if(feed.cursor !== undefined, (t) => t.where('seq', '<', feed.cursor!))
          .orderBy('seq', 'desc')
          .limit(limit * 4),
      )
    if (feed.liked && feed.viewerId)
      q = q.innerJoin('rs_likes as lk', (join: any) => join.onRef('lk.post_id', '=', 'p.post_id').on('lk.user_id', '=', feed.viewerId))
    if (feed.followed && feed.viewerId)
      q = q.where('p.author_id', 'in', db.selectFrom('rs_follows').select('followee_id').where('follower_id', '=', feed.viewerId))
    if (feed.location?.trim()) q = q.where(sql`lower(p.location)`, 'like', `%${escapeLike(feed.location.trim().toLowerCase())}%`)
    return q
      .orderBy('p.seq', 'desc')
      .limit(limit + 1)
      .execute()
  })) as PostRow[]
  const page = rows.slice(0, limit)
  return { rows: page, nextCursor: rows.length > limit ? page.at(-1)!.seq : null }
})

/** A user's posts, newest first: all of them (processing videos too) for their own profile, listed ones for others. */
export const postsBy = Effect.fn('Feed.postsBy')(function* (authorId: string, viewerId: string | undefined, options: { includeUnlisted: boolean }) {
  return (yield* query((db) => {
    let q = selectPosts(db, viewerId).where('p.author_id', '=', authorId) as any
    if (!options.includeUnlisted) q = q.where('p.listed', '=', true)
    return q.orderBy('p.seq', 'desc').limit(500).execute()
  })) as PostRow[]
})

export const findPost = Effect.fn('Feed.findPost')(function* (postId: string, viewerId?: string) {
  if (!isId(postId)) return yield* new PostNotFound()
  const row = (yield* query((db) => (selectPosts(db, viewerId).where('p.post_id', '=', postId) as any).executeTakeFirst())) as PostRow | undefined
  if (!row) return yield* new PostNotFound()
  return row
})

/** The author of a post the feed shows (likes go to those only); 404 otherwise. */
export const listedPostAuthor = Effect.fn('Feed.listedPostAuthor')(function* (postId: string) {
  if (!isId(postId)) return yield* new PostNotFound()
  const row = yield* query((db) => db.selectFrom('rs_posts').select('author_id').where('post_id', '=', postId).where('listed', '=', true).executeTakeFirst())
  if (!row) return yield* new PostNotFound()
  return row.author_id
})

/** A post as the API answers it (spec §3 Roam Share post), with ready-to-use URLs for every file. */
export const presentPost = Effect.fn('Feed.present')(function* (row: PostRow) {
  const { mediaBaseUrl } = yield* Config
  const url = (file: string) => uploadUrl(mediaBaseUrl ?? '', 'roam_share_posts', file)
  const cover = row.video ?? row.photos[0]
  return {
    post_id: row.post_id,
    id: row.post_id,
    user_id: row.author_id,
    username: row.username,
    profile_picture: yield* pictureUrl(row),
    post_type: row.post_type,
    images: row.photos.map((photo) => photo.file),
    image_urls: row.photos.map((photo) => url(photo.file)),
    photos: row.photos.map((photo) => ({ ...photo, url: url(photo.file), thumb_url: url(photo.thumb) })),
    video: row.video?.file ?? null,
    video_url: row.video ? url(row.video.file) : null,
    poster_url: row.video ? url(row.video.poster) : null,
    video_duration: row.video?.duration ?? null,
    video_status: row.video_status,
    thumb_url: cover ? url(cover.thumb) : null,
    placeholder: cover ? { color: cover.color, hash: cover.hash, width: cover.width, height: cover.height } : null,
    location: row.location,
    content: row.caption,
    caption: row.caption,
    tags: row.tags,
    likes: row.likes,
    liked: row.liked,
    is_reported: row.open_reports > 0,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
  }
})
export type PresentedPost = Effect.Success<ReturnType<typeof presentPost>>

export const presentPosts = (rows: readonly PostRow[]) => Effect.forEach(rows, presentPost)
