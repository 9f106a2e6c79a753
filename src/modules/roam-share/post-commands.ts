import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import { handleCommand } from '../../events/decider.ts'
import { query, transaction } from '../../platform/database.ts'
import { sendJob } from '../../platform/jobs.ts'
import { removeMediaJob } from '../media/jobs.ts'
import { acceptVideo, postMediaKeys, removeMedia, storePhotos } from '../media/uploads.ts'
import { InvalidPost, PostNotFound } from './errors.ts'
import { mediaFilesOf, postDecider, postStream } from './post-domain.ts'
import type { PostForm } from './post-form.ts'
import { requireUsername } from './profiles.ts'
import { isId, MESSAGES, REPORT_REASON_MAX } from './rules.ts'
import { processVideoJob } from './video-job.ts'
import { ownedItinerary } from '../itinerary/saved/itinerary-queries.ts'
import { snapshotOf, type TripSnapshot } from '../itinerary/saved/trip-snapshot.ts'

const scheduleRemoval = (files: readonly string[]) => (files.length > 0 ? sendJob(removeMediaJob.name, { keys: postMediaKeys(files) }) : Effect.void)

/** The trip a post form asks for: a snapshot of the author's own saved trip (anyone else's is a 404), null to take it off. */
const tripOfForm = (userId: string, form: PostForm) =>
  form.tripId === undefined
    ? Effect.succeed<TripSnapshot | null | undefined>(form.removeTrip ? null : undefined)
    : Effect.map(ownedItinerary(form.tripId, userId), snapshotOf)

/**
 * Publishes a post. Photos are checked and re-encoded before anything is stored; a video is probed and
 * its original stored privately, and the event and the processing job commit together. If the event
 * cannot be appended, what was stored is removed again.
 */
export const createPost = Effect.fn('Posts.create')(function* (userId: string, form: PostForm) {
  yield* requireUsername(userId)
  const postId = randomUUID()
  const content = { caption: form.caption, location: form.location, tags: form.tags, trip: yield* tripOfForm(userId, form) }
  if (form.postType === 'photo') {
    const { photos, keys } = yield* storePhotos(form.images)
    yield* handleCommand(
      postDecider,
      postStream(postId),
      { type: 'Publish', postId, authorId: userId, postType: 'photo', ...content, photos, videoSource: null },
      { actorId: userId },
    ).pipe(Effect.onError(() => removeMedia(keys)))
    return { postId, videoStatus: 'none' as const }
  }
  const { source } = yield* acceptVideo(form.video!)
  yield* transaction(
    Effect.gen(function* () {
      yield* handleCommand(
        postDecider,
        postStream(postId),
        { type: 'Publish', postId, authorId: userId, postType: 'video', ...content, photos: [], videoSource: source },
        { actorId: userId },
      )
      yield* sendJob(processVideoJob.name, { postId, source })
    }),
  ).pipe(Effect.onError(() => removeMedia([source])))
  return { postId, videoStatus: 'processing' as const }
})

/**
 * Edits a post: caption, location and tags; for a photo post, the photos kept (in order) plus new
 * ones, which are stored first and removed again if the post's rules refuse the edit. The photos
 * no longer kept are removed by a job once the edit has committed.
 */
export const updatePost = Effect.fn('Posts.update')(function* (userId: string, postId: string, form: PostForm) {
  const trip = yield* tripOfForm(userId, form)
  const { photos: added, keys } = yield* storePhotos(form.images)
  const { caption, location, tags, postType, keepImages } = form
  const edit = {
    type: 'Edit' as const,
    postId,
    actorId: userId,
    caption,
    location,
    tags,
    postType,
    keepImages,
    added,
    replacesVideo: form.video !== undefined,
    removesVideo: form.deleteVideo,
    trip,
  }
  yield* transaction(
    Effect.gen(function* () {
      const { previous, state } = yield* handleCommand(postDecider, postStream(postId), edit, { actorId: userId })
      const removed = previous.photos.filter((photo) => !state.photos.some((kept) => kept.file === photo.file))
      yield* scheduleRemoval(mediaFilesOf({ photos: removed, video: null }))
    }),
  ).pipe(Effect.onError(() => removeMedia(keys)))
  return { postId }
})

/** Deletes the caller's own post; its files are removed by a job once the deletion has committed. */
export const deletePost = Effect.fn('Posts.delete')(function* (userId: string, postId: string) {
  yield* transaction(
    Effect.gen(function* () {
      const { state } = yield* handleCommand(postDecider, postStream(postId), { type: 'Delete', postId, actorId: userId }, { actorId: userId })
      yield* scheduleRemoval(mediaFilesOf(state))
    }),
  )
})

/** Reports a post: one open report per user and post (spec §3 report reasons, joined as the form sends them). */
export const reportPost = Effect.fn('Posts.report')(function* (userId: string, postId: string, reason: string) {
  yield* requireUsername(userId)
  const text = reason.trim()
  if (text === '') return yield* new InvalidPost({ message: MESSAGES.reasonRequired })
  if (text.length > REPORT_REASON_MAX) return yield* new InvalidPost({ message: `The reason is too long (at most ${REPORT_REASON_MAX} characters).` })
  if (!isId(postId)) return yield* new PostNotFound()
  yield* handleCommand(postDecider, postStream(postId), { type: 'Report', postId, reporterId: userId, reason: text }, { actorId: userId })
})

/** What a moderator's command did to a post: its author, and whether anything changed (for the moderation record). */
export interface Moderated {
  readonly authorId: string
  readonly changed: boolean
}

/** For moderators (the admin dashboard): the post's open reports are unfounded. */
export const clearReports = Effect.fn('Posts.clearReports')(function* (postId: string, moderatorId: string) {
  const { state, events } = yield* handleCommand(postDecider, postStream(postId), { type: 'ClearReports', postId }, { actorId: moderatorId })
  return { authorId: state.authorId, changed: events.length > 0 } satisfies Moderated
})

/** For moderators: removes a post (its author is notified); its files go with it. */
export const removePostAsModerator = Effect.fn('Posts.removeAsModerator')(function* (postId: string, moderatorId: string, reason: string | null = null) {
  return yield* transaction(
    Effect.gen(function* () {
      const { state, events } = yield* handleCommand(postDecider, postStream(postId), { type: 'RemoveByModerator', postId, reason }, { actorId: moderatorId })
      yield* scheduleRemoval(mediaFilesOf(state))
      return { authorId: state.authorId, changed: events.length > 0 } satisfies Moderated
    }),
  )
})

/** For the admin dashboard: live posts, and those with open reports. */
export const postCounts = Effect.fn('Posts.counts')(function* () {
  const row = yield* query((db) =>
    db
      .selectFrom('rs_posts')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere('open_reports', '>', 0).as('reported')])
      .executeTakeFirstOrThrow(),
  )
  return { totalPosts: Number(row.total), reportedPostsCount: Number(row.reported) }
})
