import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import type { StoredPhoto, StoredVideo } from '../media/uploads.ts'
import { AlreadyReported, InvalidPost, PostChangeRefused, PostNotFound } from './errors.ts'
import { MAX_IMAGES, MESSAGES, POST_TYPES, type PostType } from './rules.ts'
import { TripSnapshotSchema, type TripSnapshot } from '../itinerary/saved/trip-snapshot.ts'

const Photo = Schema.Struct({
  file: Schema.String,
  thumb: Schema.String,
  width: Schema.Number,
  height: Schema.Number,
  color: Schema.String,
  hash: Schema.String,
})
const Video = Schema.Struct({ ...Photo.fields, poster: Schema.String, duration: Schema.Number })

/**
 * A post: one `post-<postId>` stream, its author's own (purged with the account). Media appear by file
 * name only; the bytes live in media storage. A video post is published with its private original
 * and becomes visible once the processing job has produced the MP4 and its poster.
 */
export const PostEvents = events({
  PostPublished: {
    postId: Schema.String,
    authorId: Schema.String,
    postType: Schema.Literals(POST_TYPES),
    caption: Schema.String,
    location: Schema.String,
    tags: Schema.Array(Schema.String),
    photos: Schema.Array(Photo),
    /** Storage key of the uploaded original while the video is processed. */
    videoSource: Schema.NullOr(Schema.String),
  },
  PostVideoProcessed: { postId: Schema.String, video: Video },
  PostVideoFailed: { postId: Schema.String },
  PostEdited: { postId: Schema.String, caption: Schema.String, location: Schema.String, tags: Schema.Array(Schema.String), photos: Schema.Array(Photo) },
  /** By its author. */
  PostDeleted: { postId: Schema.String, authorId: Schema.String },
  PostReported: { postId: Schema.String, reporterId: Schema.String, reason: Schema.String },
  /** A moderator found the open reports unfounded (the moderator is the event's actor). */
  PostReportCleared: { postId: Schema.String, authorId: Schema.String },
  /** A moderator removed the post (the moderator is the event's actor). */
  PostRemovedByModerator: { postId: Schema.String, authorId: Schema.String, reason: Schema.NullOr(Schema.String) },
  /** The author attached one of their saved trips (as it was then) to the post, or replaced the one attached. */
  PostTripAttached: { postId: Schema.String, trip: TripSnapshotSchema },
  PostTripDetached: { postId: Schema.String },
})
export type PostEvent = EventOf<typeof PostEvents>

export const postStream = (postId: string) => `post-${postId}`

export type VideoStatus = 'none' | 'processing' | 'ready' | 'failed'

export interface PostState {
  readonly exists: boolean
  readonly removed: boolean
  readonly authorId: string
  readonly postType: PostType
  readonly photos: readonly StoredPhoto[]
  readonly video: StoredVideo | null
  readonly videoStatus: VideoStatus
  readonly openReporters: readonly string[]
  readonly hasTrip: boolean
}

export const initialPostState: PostState = {
  exists: false,
  removed: false,
  authorId: '',
  postType: 'photo',
  photos: [],
  video: null,
  videoStatus: 'none',
  openReporters: [],
  hasTrip: false,
}

export interface PostContent {
  readonly caption: string
  readonly location: string
  readonly tags: readonly string[]
}

/** A trip to attach (a snapshot of one of the author's saved trips), null to take the attached one off, undefined to leave it. */
export interface PostTripEdit {
  readonly trip?: TripSnapshot | null | undefined
}

export type PostCommand =
  | ({ readonly type: 'Publish'; readonly postId: string; readonly authorId: string; readonly postType: PostType } & PostContent &
      PostTripEdit & {
        readonly photos: readonly StoredPhoto[]
        readonly videoSource: string | null
      })
  | ({ readonly type: 'Edit'; readonly postId: string; readonly actorId: string } & PostContent & PostMediaEdit & PostTripEdit)
  | { readonly type: 'MarkVideoProcessed'; readonly postId: string; readonly video: StoredVideo }
  | { readonly type: 'MarkVideoFailed'; readonly postId: string }
  | { readonly type: 'Delete'; readonly postId: string; readonly actorId: string }
  | { readonly type: 'Report'; readonly postId: string; readonly reporterId: string; readonly reason: string }
  | { readonly type: 'ClearReports'; readonly postId: string }
  | { readonly type: 'RemoveByModerator'; readonly postId: string; readonly reason: string | null }

/** What an edit asks of a post's media (spec §4: a post's type and its video stay as published). */
export interface PostMediaEdit {
  /** The type the edit form says the post is. */
  readonly postType: PostType
  /** The photos to keep, in order, by file name; none given: all of them. */
  readonly keepImages: readonly string[] | undefined
  /** New photos, already stored. */
  readonly added: readonly StoredPhoto[]
  readonly replacesVideo: boolean
  readonly removesVideo: boolean
}

export type PostFailure = PostNotFound | AlreadyReported | PostChangeRefused | InvalidPost

export function evolvePost(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case 'PostPublished':
      return {
        ...state,
        exists: true,
        authorId: event.data.authorId,
        postType: event.data.postType,
        photos: event.data.photos,
        videoStatus: event.data.videoSource ? 'processing' : 'none',
      }
    case 'PostVideoProcessed':
      return { ...state, video: event.data.video, videoStatus: 'ready' }
    case 'PostVideoFailed':
      return { ...state, videoStatus: 'failed' }
    case 'PostEdited':
      return { ...state, photos: event.data.photos }
    case 'PostDeleted':
    case 'PostRemovedByModerator':
      return { ...state, removed: true }
    case 'PostReported':
      return { ...state, openReporters: [...state.openReporters, event.data.reporterId] }
    case 'PostReportCleared':
      return { ...state, openReporters: [] }
    case 'PostTripAttached':
      return { ...state, hasTrip: true }
    case 'PostTripDetached':
      return { ...state, hasTrip: false }
  }
}

/** The events that attach, replace or take off a post's trip, as an edit asks. */
function tripEvents(postId: string, trip: TripSnapshot | null | undefined, hasTrip: boolean): PostEvent[] {
  if (trip) return [{ type: 'PostTripAttached', data: { postId, trip } }]
  return trip === null && hasTrip ? [{ type: 'PostTripDetached', data: { postId } }] : []
}

type Decision = Result.Result<readonly PostEvent[], PostFailure>
const emit = (...events: PostEvent[]): Decision => Result.succeed(events)

export function decidePost(command: PostCommand, state: PostState): Decision {
  const { postId } = command
  if (command.type === 'Publish') {
    if (state.exists) return emit()
    const { authorId, postType, caption, location, tags, photos, videoSource } = command
    return emit(
      { type: 'PostPublished', data: { postId, authorId, postType, caption, location, tags, photos, videoSource } },
      ...tripEvents(postId, command.trip, false),
    )
  }
  if (!state.exists || state.removed) {
    // A job finishing after the post went away changes nothing; its caller cleans up the files.
    if (command.type === 'MarkVideoProcessed' || command.type === 'MarkVideoFailed' || command.type === 'ClearReports') return emit()
    return Result.fail(new PostNotFound())
  }
  switch (command.type) {
    case 'Edit': {
      if (command.actorId !== state.authorId) return Result.fail(new PostNotFound())
      const photos = editedPhotos(command, state)
      if (Result.isFailure(photos)) return Result.fail(photos.failure)
      const { caption, location, tags } = command
      return emit({ type: 'PostEdited', data: { postId, caption, location, tags, photos: photos.success } }, ...tripEvents(postId, command.trip, state.hasTrip))
    }
    case 'MarkVideoProcessed':
      return state.videoStatus === 'processing' ? emit({ type: 'PostVideoProcessed', data: { postId, video: command.video } }) : emit()
    case 'MarkVideoFailed':
      return state.videoStatus === 'processing' ? emit({ type: 'PostVideoFailed', data: { postId } }) : emit()
    case 'Delete':
      if (command.actorId !== state.authorId) return Result.fail(new PostNotFound())
      return emit({ type: 'PostDeleted', data: { postId, authorId: state.authorId } })
    case 'Report':
      if (state.openReporters.includes(command.reporterId)) return Result.fail(new AlreadyReported())
      return emit({ type: 'PostReported', data: { postId, reporterId: command.reporterId, reason: command.reason } })
    case 'ClearReports':
      return state.openReporters.length > 0 ? emit({ type: 'PostReportCleared', data: { postId, authorId: state.authorId } }) : emit()
    case 'RemoveByModerator':
      return emit({ type: 'PostRemovedByModerator', data: { postId, authorId: state.authorId, reason: command.reason } })
  }
}

/** The photos a post has after an edit, or why the edit is refused. */
function editedPhotos(edit: PostMediaEdit, state: PostState): Result.Result<readonly StoredPhoto[], PostChangeRefused | InvalidPost> {
  if (edit.postType !== state.postType) return Result.fail(new PostChangeRefused({ message: "A post's type cannot be changed." }))
  if (edit.replacesVideo) return Result.fail(new PostChangeRefused({ message: "A post's video cannot be replaced." }))
  if (edit.removesVideo && state.postType === 'video') return Result.fail(new PostChangeRefused({ message: "A post's video cannot be removed." }))
  let kept: readonly StoredPhoto[] = state.photos
  if (edit.keepImages) {
    const chosen: StoredPhoto[] = []
    for (const file of edit.keepImages) {
      const photo = state.photos.find((candidate) => candidate.file === file)
      if (!photo) return Result.fail(new InvalidPost({ message: 'keep_images names a photo this post does not have.' }))
      if (!chosen.includes(photo)) chosen.push(photo)
    }
    kept = chosen
  }
  const total = kept.length + edit.added.length
  if (state.postType === 'photo' && total === 0) return Result.fail(new InvalidPost({ message: MESSAGES.photoRequired }))
  if (total > MAX_IMAGES) return Result.fail(new InvalidPost({ message: MESSAGES.tooManyImages }))
  return Result.succeed([...kept, ...edit.added])
}

export const postDecider: Decider<PostCommand, PostEvent, PostState, PostFailure> = {
  streamType: 'post',
  events: PostEvents,
  initialState: initialPostState,
  evolve: evolvePost,
  decide: decidePost,
}

/** Every media file a post's state refers to (for removal with the post). */
export function mediaFilesOf(state: Pick<PostState, 'photos' | 'video'>): string[] {
  const photos = state.photos.flatMap((photo) => [photo.file, photo.thumb])
  return state.video ? [...photos, state.video.file, state.video.poster, state.video.thumb] : photos
}
