import { Effect, Schema } from 'effect'
import { BadRequest } from '../../platform/errors.ts'
import { decodeJsonBody, decodeQuery, json, jsonText, type ApiRequest } from '../../platform/http.ts'
import { withMultipart } from '../../platform/multipart.ts'
import { RateLimits } from '../../platform/rate-limits.ts'
import { authenticate } from '../auth/authenticate.ts'
import { feedPage, findPost, postsBy, presentedPost } from './feed.ts'
import { createPost, deletePost, reportPost, updatePost } from './post-commands.ts'
import { POST_UPLOAD_LIMITS, readPostForm, UPLOADS_PER_USER } from './post-form.ts'
import { changePicture, setUsername, updateBio } from './profile-commands.ts'
import { findProfile, findProfileByUsername, followersOf, followingOf, isFollowing, pictureUrl, searchUsers, type ProfileRow } from './profiles.ts'
import { AVATAR_UPLOAD_MAX_BYTES, USER_SEARCH_MIN, usernameFromPath } from './rules.ts'
import { setFollowing, toggleLike } from './social-commands.ts'
import { postTrip, recordTripCopy } from './trips.ts'
import type { ApiRoutes } from '../../platform/api-route.ts'

/** The Roam Share endpoints (spec §7, Users and Roam Share): decode, call the command or query, encode. */

const Text = Schema.optional(Schema.String)

/** The Bearer caller when a token is sent; reading the feed needs none. */
const optionalCaller = (request: Request) =>
  request.headers.has('authorization') ? Effect.map(authenticate(request), (caller) => caller.userId) : Effect.succeed(undefined)

const presentProfile = Effect.fn('RoamShare.presentProfile')(function* (userId: string, row: ProfileRow | undefined) {
  return {
    user_id: userId,
    username: row?.username ?? null,
    bio: row?.bio ?? '',
    profile_picture: yield* pictureUrl(row),
    follower_count: row?.follower_count ?? 0,
    following_count: row?.following_count ?? 0,
  }
})

export const handleMyProfile = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* presentProfile(userId, yield* findProfile(userId)))
})

export const handleSetUsername = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(Schema.Struct({ username: Text }), request)
  const result = yield* setUsername(userId, body.username ?? '')
  return json({ message: 'Username set', username: result.username })
})

export const handleUpdateDescription = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(Schema.Struct({ bio: Text }), request)
  return json(yield* updateBio(userId, body.bio ?? ''))
})

/** Takes one of the member's uploads for the hour, before the body is read. */
const countUpload = (userId: string) => RateLimits.use((limits) => limits.consume(UPLOADS_PER_USER, userId))

/** Multipart field profile_picture. */
export const handleUploadPicture = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  yield* countUpload(userId)
  const limits = {
    maxFieldBytes: 1024,
    maxFields: 5,
    files: { profile_picture: { maxCount: 1, maxBytes: AVATAR_UPLOAD_MAX_BYTES } },
    maxTotalBytes: AVATAR_UPLOAD_MAX_BYTES + 64 * 1024,
  }
  return yield* withMultipart(request, limits, (form) =>
    Effect.gen(function* () {
      const upload = form.files[0]
      if (!upload) return yield* new BadRequest({ message: 'Choose a picture to upload (field profile_picture).' })
      yield* changePicture(userId, upload)
      const row = yield* findProfile(userId)
      return json({ message: 'Profile picture updated', profile_picture: yield* pictureUrl(row) })
    }),
  )
})

/** A public profile and its posts (a leading @ is stripped). */
export const handleUserProfile = Effect.fn(function* ({ request, params }: ApiRequest) {
  const viewerId = yield* optionalCaller(request)
  const profile = yield* findProfileByUsername(usernameFromPath(params.username ?? ''))
  const posts = yield* postsBy(profile.user_id, viewerId, { includeUnlisted: false })
  return json({ profile: yield* presentProfile(profile.user_id, profile), posts })
})

export const handleFollowers = Effect.fn(function* ({ params }: ApiRequest) {
  return json(yield* followersOf(params.user_id ?? ''))
})

export const handleFollowing = Effect.fn(function* ({ params }: ApiRequest) {
  return json(yield* followingOf(params.user_id ?? ''))
})

export const handleFollowStatus = Effect.fn(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const other = params.userId ?? ''
  return json({ isFollowing: userId !== other && (yield* isFollowing(userId, other)), isSelf: userId === other })
})

const FollowBody = Schema.Struct({ userId: Schema.String })

export const handleFollow = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(FollowBody, request)
  return json(yield* setFollowing(userId, body.userId, true))
})

export const handleUnfollow = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(FollowBody, request)
  return json(yield* setFollowing(userId, body.userId, false))
})

/** Query: q=. */
export const handleUserSearch = Effect.fn(function* ({ request, url }: ApiRequest) {
  yield* authenticate(request)
  const { q = '' } = yield* decodeQuery(Schema.Struct({ q: Text }), url)
  // "@ev" looks for "ev", as /u/@ev opens ev's profile.
  const text = q.trim().replace(/^@/, '')
  if (text.length < USER_SEARCH_MIN) return json([])
  return json(yield* searchUsers(text.slice(0, 60)))
})

const FeedParams = Schema.Struct({ tag: Text, liked: Text, followed: Text, trips: Text, location: Text, cursor: Text, limit: Text })
const positiveInt = (value: string | undefined, name: string) => {
  if (value === undefined || value === '') return Effect.succeed(undefined)
  const number = Number(value)
  return Number.isSafeInteger(number) && number > 0 ? Effect.succeed(number) : Effect.fail(new BadRequest({ message: `${name} must be a positive integer` }))
}

/** The feed, newest first, `cursor` from the previous page's `nextCursor`. */
export const handleFeed = Effect.fn(function* ({ request, url }: ApiRequest) {
  const viewerId = yield* optionalCaller(request)
  const params = yield* decodeQuery(FeedParams, url)
  const wantsPersonal = params.liked === 'true' || params.followed === 'true'
  if (wantsPersonal && !viewerId) yield* authenticate(request)
  const page = yield* feedPage({
    viewerId,
    tag: params.tag,
    liked: params.liked === 'true',
    followed: params.followed === 'true',
    trips: params.trips === 'true',
    location: params.location?.slice(0, 100),
    cursor: yield* positiveInt(params.cursor, 'cursor'),
    limit: yield* positiveInt(params.limit, 'limit'),
  })
  return jsonText(page)
})

/** The caller's posts, videos still processing included. */
export const handleMyPosts = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* postsBy(userId, userId, { includeUnlisted: true }))
})

export const handleCreatePost = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  yield* countUpload(userId)
  return yield* withMultipart(request, POST_UPLOAD_LIMITS, (form) =>
    Effect.gen(function* () {
      const { postId } = yield* createPost(userId, yield* readPostForm(form, false))
      return json({ message: 'Post created', post: yield* presentedPost(postId, userId) }, 201)
    }),
  )
})

export const handleUpdatePost = Effect.fn(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const postId = params.postId ?? ''
  yield* findPost(postId)
  yield* countUpload(userId)
  return yield* withMultipart(request, POST_UPLOAD_LIMITS, (form) =>
    Effect.gen(function* () {
      yield* updatePost(userId, postId, yield* readPostForm(form, true))
      return json({ message: 'Post updated', post: yield* presentedPost(postId, userId) })
    }),
  )
})

export const handleDeletePost = Effect.fn(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const postId = params.post_id ?? ''
  yield* findPost(postId)
  yield* deletePost(userId, postId)
  return json({ message: 'Post deleted' })
})

export const handleIsLiked = Effect.fn(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const post = yield* findPost(params.post_id ?? '', userId)
  return json({ liked: post.liked, likes: post.likes })
})

/** Toggles the caller's like. */
export const handleLike = Effect.fn(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* toggleLike(userId, params.post_id ?? ''))
})

export const handleReport = Effect.fn(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(Schema.Struct({ post_id: Schema.String, reason: Text }), request)
  yield* reportPost(userId, body.post_id, body.reason ?? '')
  return json({ message: 'Report submitted' }, 201)
})

/** The trip a post carries, day by day. */
export const handlePostTrip = Effect.fn(function* ({ params }: ApiRequest) {
  return json(yield* postTrip(params.post_id ?? ''))
})

/** The caller made a post's trip their own: counted once, its author notified. */
export const handleCopyTrip = Effect.fn(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* recordTripCopy(userId, params.post_id ?? ''))
})

export const roamShareRoutes = [
  { method: 'GET', path: '/api/roam-share-posts/my-profile', handler: handleMyProfile, body: 'none', auth: 'bearer', offline: 'private' },
  { method: 'POST', path: '/api/roam-share-posts/set-username', handler: handleSetUsername, body: 'json', auth: 'bearer' },
  { method: 'POST', path: '/api/roam-share-posts/update-description', handler: handleUpdateDescription, body: 'json', auth: 'bearer' },
  { method: 'POST', path: '/api/roam-share-posts/upload-profile-picture', handler: handleUploadPicture, body: 'multipart', auth: 'bearer' },
  { method: 'GET', path: '/api/roam-share-posts/user/{username}', handler: handleUserProfile, body: 'none', auth: 'public', offline: 'private' },
  { method: 'GET', path: '/api/roam-share-posts/followers/{user_id}', handler: handleFollowers, body: 'none', auth: 'public', offline: 'private' },
  { method: 'GET', path: '/api/roam-share-posts/following/{user_id}', handler: handleFollowing, body: 'none', auth: 'public', offline: 'private' },
  { method: 'GET', path: '/api/roam-share-posts/check-follow-status/{userId}', handler: handleFollowStatus, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/roam-share-posts/follow', handler: handleFollow, body: 'json', auth: 'bearer' },
  { method: 'POST', path: '/api/roam-share-posts/unfollow', handler: handleUnfollow, body: 'json', auth: 'bearer' },
  { method: 'GET', path: '/api/roam-share-posts/user-search', handler: handleUserSearch, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/roam-share-posts', handler: handleFeed, body: 'none', auth: 'public', offline: 'private' },
  { method: 'POST', path: '/api/roam-share-posts', handler: handleCreatePost, body: 'multipart', auth: 'bearer' },
  { method: 'PUT', path: '/api/roam-share-posts/update/{postId}', handler: handleUpdatePost, body: 'multipart', auth: 'bearer' },
  { method: 'DELETE', path: '/api/roam-share-posts/delete/{post_id}', handler: handleDeletePost, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/roam-share-posts/my-posts', handler: handleMyPosts, body: 'none', auth: 'bearer', offline: 'private' },
  { method: 'GET', path: '/api/roam-share-posts/is-liked/{post_id}', handler: handleIsLiked, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/roam-share-posts/like/{post_id}', handler: handleLike, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/roam-share-posts/report', handler: handleReport, body: 'json', auth: 'bearer' },
  { method: 'GET', path: '/api/roam-share-posts/trip/{post_id}', handler: handlePostTrip, body: 'none', auth: 'public', offline: 'private' },
  { method: 'POST', path: '/api/roam-share-posts/trip/{post_id}/copy', handler: handleCopyTrip, body: 'none', auth: 'bearer' },
] satisfies ApiRoutes
