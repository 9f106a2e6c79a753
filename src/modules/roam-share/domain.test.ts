import { describe, it } from 'vitest'
import { given } from '../../events/given.ts'
import {
  AlreadyReported,
  CannotFollowYourself,
  InvalidPost,
  PostChangeRefused,
  PostNotFound,
  UserNotFound,
  UsernameRequired,
  UsernameUnavailable,
} from './errors.ts'
import { followDecider, type FollowEvent } from './follow-domain.ts'
import { likeDecider, type LikeEvent } from './like-domain.ts'
import { postDecider, type PostEvent } from './post-domain.ts'
import { profileDecider } from './profile-domain.ts'
import { MAX_IMAGES, MESSAGES } from './rules.ts'

const userId = '00000000-0000-4000-8000-000000000001'
const other = '00000000-0000-4000-8000-000000000002'
const postId = '00000000-0000-4000-8000-0000000000aa'
const photo = { file: 'aaaaaaaaaaaaaaaaaaaaaaaa.jpg', thumb: 'aaaaaaaaaaaaaaaaaaaaaaaa-thumb.webp', width: 1200, height: 800, color: '#336699', hash: 'abc' }
const published: PostEvent = {
  type: 'PostPublished',
  data: { postId, authorId: userId, postType: 'photo', caption: '', location: 'Lisbon', tags: ['beaches'], photos: [photo], videoSource: null },
}
const follow = { type: 'Follow', followerId: userId, followeeId: other, followerHasUsername: true, followeeVisible: true } as const
const edit = {
  type: 'Edit',
  postId,
  actorId: userId,
  caption: '',
  location: 'x',
  tags: ['beaches'],
  postType: 'photo',
  keepImages: undefined,
  added: [],
  replacesVideo: false,
  removesVideo: false,
} as const
const videoPublished: PostEvent = { type: 'PostPublished', data: { ...published.data, postType: 'video', photos: [], videoSource: 'incoming/x' } } as PostEvent

describe('profile', () => {
  it('takes a username once', () => {
    given(profileDecider, [])
      .when({ type: 'SetUsername', userId, username: 'ana' })
      .then([{ type: 'UsernameSet', data: { userId, username: 'ana' } }])
    given(profileDecider, [{ type: 'UsernameSet', data: { userId, username: 'ana' } }])
      .when({ type: 'SetUsername', userId, username: 'ana2' })
      .thenFails(UsernameUnavailable)
  })
  it('records an unchanged bio as nothing', () => {
    given(profileDecider, [{ type: 'BioUpdated', data: { userId, bio: 'hi' } }])
      .when({ type: 'UpdateBio', userId, bio: 'hi' })
      .then([])
  })
})

describe('follow and like toggles', () => {
  it('never follows oneself, and following twice changes nothing', () => {
    given(followDecider, [])
      .when({ ...follow, followeeId: userId })
      .thenFails(CannotFollowYourself)
    const followed: FollowEvent = { type: 'UserFollowed', data: { followerId: userId, followeeId: other } }
    given(followDecider, []).when(follow).then([followed])
    given(followDecider, [followed]).when(follow).then([])
    given(followDecider, [])
      .when({ ...follow, type: 'Unfollow' })
      .then([])
  })
  it('follows only from a username to someone with a visible profile', () => {
    given(followDecider, [])
      .when({ ...follow, followerHasUsername: false })
      .thenFails(UsernameRequired)
    given(followDecider, [])
      .when({ ...follow, followeeVisible: false })
      .thenFails(UserNotFound)
  })
  it('alternates liked and unliked', () => {
    const data = { postId, userId: other, authorId: userId }
    given(likeDecider, [])
      .when({ type: 'ToggleLike', ...data, likerHasUsername: true })
      .then([{ type: 'PostLiked', data }])
    const liked: LikeEvent = { type: 'PostLiked', data }
    given(likeDecider, [liked])
      .when({ type: 'ToggleLike', ...data, likerHasUsername: true })
      .then([{ type: 'PostUnliked', data }])
  })
  it('likes only from a username, and only a post the feed shows', () => {
    const like = { type: 'ToggleLike', postId, userId: other, authorId: userId, likerHasUsername: true } as const
    given(likeDecider, [])
      .when({ ...like, likerHasUsername: false })
      .thenFails(UsernameRequired)
    given(likeDecider, [])
      .when({ ...like, authorId: undefined })
      .thenFails(PostNotFound)
  })
})

describe('post', () => {
  it('lets only its author edit or delete it; to anyone else it does not exist', () => {
    given(postDecider, [published]).when({ type: 'Delete', postId, actorId: other }).thenFails(PostNotFound)
    given(postDecider, [published])
      .when({ type: 'Delete', postId, actorId: userId })
      .then([{ type: 'PostDeleted', data: { postId, authorId: userId } }])
    const deleted: PostEvent = { type: 'PostDeleted', data: { postId, authorId: userId } }
    given(postDecider, [published, deleted])
      .when({ ...edit, actorId: userId })
      .thenFails(PostNotFound)
    given(postDecider, [published])
      .when({ ...edit, actorId: other })
      .thenFails(PostNotFound)
  })
  it('keeps the photos named, in the order named, and adds the new ones after them', () => {
    const second = { ...photo, file: 'bbbbbbbbbbbbbbbbbbbbbbbb.jpg' }
    const third = { ...photo, file: 'cccccccccccccccccccccccc.jpg' }
    const twoPhotos = { ...published, data: { ...published.data, photos: [photo, second] } } as PostEvent
    given(postDecider, [twoPhotos])
      .when({ ...edit, keepImages: [second.file, photo.file, second.file], added: [third] })
      .then([{ type: 'PostEdited', data: { postId, caption: '', location: 'x', tags: ['beaches'], photos: [second, photo, third] } }])
    given(postDecider, [twoPhotos])
      .when(edit)
      .then([{ type: 'PostEdited', data: { postId, caption: '', location: 'x', tags: ['beaches'], photos: [photo, second] } }])
  })
  it("refuses an edit that changes the post's type or its video, names a photo it lacks, or leaves it with no photo or too many", () => {
    given(postDecider, [published])
      .when({ ...edit, postType: 'video' })
      .thenFails(PostChangeRefused, { message: "A post's type cannot be changed." })
    given(postDecider, [videoPublished])
      .when({ ...edit, postType: 'video', replacesVideo: true })
      .thenFails(PostChangeRefused, { message: "A post's video cannot be replaced." })
    given(postDecider, [videoPublished])
      .when({ ...edit, postType: 'video', removesVideo: true })
      .thenFails(PostChangeRefused, { message: "A post's video cannot be removed." })
    given(postDecider, [published])
      .when({ ...edit, keepImages: ['dddddddddddddddddddddddd.jpg'] })
      .thenFails(InvalidPost, { message: 'keep_images names a photo this post does not have.' })
    given(postDecider, [published])
      .when({ ...edit, keepImages: [] })
      .thenFails(InvalidPost, { message: MESSAGES.photoRequired })
    given(postDecider, [published])
      .when({ ...edit, added: Array.from({ length: MAX_IMAGES }, () => photo) })
      .thenFails(InvalidPost, { message: MESSAGES.tooManyImages })
  })
  it('keeps one open report per user until a moderator clears them', () => {
    const reported: PostEvent = { type: 'PostReported', data: { postId, reporterId: other, reason: 'Spam' } }
    given(postDecider, [published, reported]).when({ type: 'Report', postId, reporterId: other, reason: 'Spam' }).thenFails(AlreadyReported)
    const cleared: PostEvent = { type: 'PostReportCleared', data: { postId, authorId: userId } }
    given(postDecider, [published, reported, cleared])
      .when({ type: 'Report', postId, reporterId: other, reason: 'Harassment' })
      .then([{ type: 'PostReported', data: { postId, reporterId: other, reason: 'Harassment' } }])
    given(postDecider, [published]).when({ type: 'ClearReports', postId }).then([])
    given(postDecider, [published, reported]).when({ type: 'ClearReports', postId }).then([cleared])
  })
  it('marks a processing video ready once; a video job for a deleted post changes nothing', () => {
    const video = { ...photo, file: 'aaaaaaaaaaaaaaaaaaaaaaaa.mp4', poster: 'p.jpg', duration: 3 }
    const processed: PostEvent = { type: 'PostVideoProcessed', data: { postId, video } }
    const deleted: PostEvent = { type: 'PostDeleted', data: { postId, authorId: userId } }
    given(postDecider, [videoPublished]).when({ type: 'MarkVideoProcessed', postId, video }).then([processed])
    given(postDecider, [videoPublished, processed]).when({ type: 'MarkVideoProcessed', postId, video }).then([])
    given(postDecider, [videoPublished, deleted]).when({ type: 'MarkVideoProcessed', postId, video }).then([])
  })
  it('names its author when a moderator removes it', () => {
    given(postDecider, [published])
      .when({ type: 'RemoveByModerator', postId, reason: 'Spam' })
      .then([{ type: 'PostRemovedByModerator', data: { postId, authorId: userId, reason: 'Spam' } }])
  })
})
