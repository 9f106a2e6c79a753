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
import { TooManyUploads } from './errors.ts'
import { AVATAR_UPLOAD_MAX_BYTES, segmentAfter, USER_SEARCH_MIN, usernameFromPath } from './rules.ts'
import { setFollowing, toggleLike } from './social-commands.ts'

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

/** GET /api/roam-share-posts/my-profile */
export const handleMyProfile = Effect.fn('GET /api/roam-share-posts/my-profile')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* presentProfile(userId, yield* findProfile(userId)))
})

/** POST /api/roam-share-posts/set-username */
export const handleSetUsername = Effect.fn('POST /api/roam-share-posts/set-username')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(Schema.Struct({ username: Text }), request)
  const result = yield* setUsername(userId, body.username ?? '')
  return json({ message: 'Username set', username: result.username })
})

/** POST /api/roam-share-posts/update-description */
export const handleUpdateDescription = Effect.fn('POST /api/roam-share-posts/update-description')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(Schema.Struct({ bio: Text }), request)
  return json(yield* updateBio(userId, body.bio ?? ''))
})

/** Takes one of the member's uploads for the hour, before the body is read. */
const countUpload = (userId: string) =>
  RateLimits.use((limits) => limits.consume(UPLOADS_PER_USER, userId)).pipe(
    Effect.catchTag('RateLimited', ({ retryAfterSeconds }) => Effect.fail(new TooManyUploads({ retryAfterSeconds }))),
  )

/** POST /api/roam-share-posts/upload-profile-picture (multipart field profile_picture) */
export const handleUploadPicture = Effect.fn('POST /api/roam-share-posts/upload-profile-picture')(function* ({ request }: ApiRequest) {
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

/** GET /api/roam-share-posts/user/{username}: a public profile and its posts (a leading @ is stripped). */
export const handleUserProfile = Effect.fn('GET /api/roam-share-posts/user/:username')(function* ({ request, params }: ApiRequest) {
  const viewerId = yield* optionalCaller(request)
  const typed = segmentAfter(new URL(request.url).pathname, '/api/roam-share-posts/user/') ?? params.username ?? ''
  const profile = yield* findProfileByUsername(usernameFromPath(typed))
  const posts = yield* postsBy(profile.user_id, viewerId, { includeUnlisted: false })
  return json({ profile: yield* presentProfile(profile.user_id, profile), posts })
})

/** GET /api/roam-share-posts/followers/{user_id} */
export const handleFollowers = Effect.fn('GET /api/roam-share-posts/followers/:user_id')(function* ({ params }: ApiRequest) {
  return json(yield* followersOf(params.user_id ?? ''))
})

/** GET /api/roam-share-posts/following/{user_id} */
export const handleFollowing = Effect.fn('GET /api/roam-share-posts/following/:user_id')(function* ({ params }: ApiRequest) {
  return json(yield* followingOf(params.user_id ?? ''))
})

/** GET /api/roam-share-posts/check-follow-status/{userId} */
export const handleFollowStatus = Effect.fn('GET /api/roam-share-posts/check-follow-status/:userId')(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const other = params.userId ?? ''
  return json({ isFollowing: userId !== other && (yield* isFollowing(userId, other)), isSelf: userId === other })
})

const FollowBody = Schema.Struct({ userId: Schema.String })

/** POST /api/roam-share-posts/follow */
export const handleFollow = Effect.fn('POST /api/roam-share-posts/follow')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(FollowBody, request)
  return json(yield* setFollowing(userId, body.userId, true))
})

/** POST /api/roam-share-posts/unfollow */
export const handleUnfollow = Effect.fn('POST /api/roam-share-posts/unfollow')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(FollowBody, request)
  return json(yield* setFollowing(userId, body.userId, false))
})

/** GET /api/roam-share-posts/user-search?q= */
export const handleUserSearch = Effect.fn('GET /api/roam-share-posts/user-search')(function* ({ request, url }: ApiRequest) {
  yield* authenticate(request)
  const { q = '' } = yield* decodeQuery(Schema.Struct({ q: Text }), url)
  // "@ev" looks for "ev", as /u/@ev opens ev's profile.
  const text = q.trim().replace(/^@/, '')
  if (text.length < USER_SEARCH_MIN) return json([])
  return json(yield* searchUsers(text.slice(0, 60)))
})

const FeedParams = Schema.Struct({ tag: Text, liked: Text, followed: Text, location: Text, cursor: Text, limit: Text })
const positiveInt = (value: string | undefined, name: string) => {
  if (value === undefined || value === '') return Effect.succeed(undefined)
  const number = Number(value)
  return Number.isSafeInteger(number) && number > 0 ? Effect.succeed(number) : Effect.fail(new BadRequest({ message: `${name} must be a positive integer` }))
}

/** GET /api/roam-share-posts: the feed, newest first, `cursor` from the previous page's `nextCursor`. */
export const handleFeed = Effect.fn('GET /api/roam-share-posts')(function* ({ request, url }: ApiRequest) {
  const viewerId = yield* optionalCaller(request)
  const params = yield* decodeQuery(FeedParams, url)
  const wantsPersonal = params.liked === 'true' || params.followed === 'true'
  if (wantsPersonal && !viewerId) yield* authenticate(request)
  const page = yield* feedPage({
    viewerId,
    tag: params.tag,
    liked: params.liked === 'true',
    followed: params.followed === 'true',
    location: params.location?.slice(0, 100),
    cursor: yield* positiveInt(params.cursor, 'cursor'),
    limit: yield* positiveInt(params.limit, 'limit'),
  })
  return jsonText(page)
})

/** GET /api/roam-share-posts/my-posts: the caller's posts, videos still processing included. */
export const handleMyPosts = Effect.fn('GET /api/roam-share-posts/my-posts')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* postsBy(userId, userId, { includeUnlisted: true }))
})

/** POST /api/roam-share-posts (multipart) */
export const handleCreatePost = Effect.fn('POST /api/roam-share-posts')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  yield* countUpload(userId)
  return yield* withMultipart(request, POST_UPLOAD_LIMITS, (form) =>
    Effect.gen(function* () {
      const { postId } = yield* createPost(userId, yield* readPostForm(form, false))
      return json({ message: 'Post created', post: yield* presentedPost(postId, userId) }, 201)
    }),
  )
})

/** PUT /api/roam-share-posts/update/{postId} (multipart) */
export const handleUpdatePost = Effect.fn('PUT /api/roam-share-posts/update/:postId')(function* ({ request, params }: ApiRequest) {
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

/** DELETE /api/roam-share-posts/delete/{post_id} */
export const handleDeletePost = Effect.fn('DELETE /api/roam-share-posts/delete/:post_id')(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const postId = params.post_id ?? ''
  yield* findPost(postId)
  yield* deletePost(userId, postId)
  return json({ message: 'Post deleted' })
})

/** GET /api/roam-share-posts/is-liked/{post_id} */
export const handleIsLiked = Effect.fn('GET /api/roam-share-posts/is-liked/:post_id')(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const post = yield* findPost(params.post_id ?? '', userId)
  return json({ liked: post.liked, likes: post.likes })
})

/** POST /api/roam-share-posts/like/{post_id}: toggles the caller's like. */
export const handleLike = Effect.fn('POST /api/roam-share-posts/like/:post_id')(function* ({ request, params }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  return json(yield* toggleLike(userId, params.post_id ?? ''))
})

/** POST /api/roam-share-posts/report */
export const handleReport = Effect.fn('POST /api/roam-share-posts/report')(function* ({ request }: ApiRequest) {
  const { userId } = yield* authenticate(request)
  const body = yield* decodeJsonBody(Schema.Struct({ post_id: Schema.String, reason: Text }), request)
  yield* reportPost(userId, body.post_id, body.reason ?? '')
  return json({ message: 'Report submitted' }, 201)
})
