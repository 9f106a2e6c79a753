import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import { handleCommand, loadState } from '../../events/decider.ts'
import { query, transaction } from '../../platform/database.ts'
import { sendJob } from '../../platform/jobs.ts'
import { removeMediaJob } from '../media/jobs.ts'
import { acceptVideo, postMediaKeys, removeMedia, storePhotos, type StoredPhoto } from '../media/uploads.ts'
import { InvalidPost, PostChangeRefused, PostNotFound } from './errors.ts'
import { findPost } from './feed.ts'
import { mediaFilesOf, postDecider, postStream } from './post-domain.ts'
import type { PostForm } from './post-form.ts'
import { requireUsername } from './profiles.ts'
import { MAX_IMAGES, MESSAGES, REPORT_REASON_MAX } from './rules.ts'
import { processVideoJob } from './video-job.ts'

const scheduleRemoval = (files: readonly string[]) => (files.length > 0 ? sendJob(removeMediaJob.name, { keys: postMediaKeys(files) }) : Effect.void)

/**
 * Publishes a post. Photos are checked and re-encoded before anything is stored; a video is probed and
 * its original stored privately, and the event and the processing job commit together. If the event
 * cannot be appended, what was stored is removed again.
 */
export const createPost = Effect.fn('Posts.create')(function* (userId: string, form: PostForm) {
  yield* requireUsername(userId)
  const postId = randomUUID()
  const content = { caption: form.caption, location: form.location, tags: form.tags }
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

/** The author's post, or 404 for anyone else's (or a post that is gone). */
const ownPost = Effect.fn('Posts.own')(function* (userId: string, postId: string) {
  const { state } = yield* loadState(postDecider, postStream(postId))
  if (!state.exists || state.removed || state.authorId !== userId) return yield* new PostNotFound()
  return state
})

/**
 * Edits a post: caption, location and tags; for a photo post, the photos kept (in order) plus new
 * ones. A post's type and its video stay as published (spec §4: a video cannot be removed or replaced).
 */
export const updatePost = Effect.fn('Posts.update')(function* (userId: string, postId: string, form: PostForm) {
  const state = yield* ownPost(userId, postId)
  if (form.postType !== state.postType) return yield* new PostChangeRefused({ message: "A post's type cannot be changed." })
  if (form.video) return yield* new PostChangeRefused({ message: "A post's video cannot be replaced." })
  if (form.deleteVideo && state.postType === 'video') return yield* new PostChangeRefused({ message: "A post's video cannot be removed." })
  let kept: StoredPhoto[] = [...state.photos]
  if (form.keepImages) {
    kept = []
    for (const file of form.keepImages) {
      const photo = state.photos.find((candidate) => candidate.file === file)
      if (!photo) return yield* new InvalidPost({ message: 'keep_images names a photo this post does not have.' })
      if (!kept.includes(photo)) kept.push(photo)
    }
  }
  const total = kept.length + form.images.length
  if (state.postType === 'photo' && total === 0) return yield* new InvalidPost({ message: MESSAGES.photoRequired })
  if (total > MAX_IMAGES) return yield* new InvalidPost({ message: MESSAGES.tooManyImages })
  const { photos: added, keys } = yield* storePhotos(form.images)
  const removed = state.photos.filter((photo) => !kept.includes(photo))
  yield* transaction(
    Effect.gen(function* () {
      yield* handleCommand(
        postDecider,
        postStream(postId),
        { type: 'Edit', postId, actorId: userId, caption: form.caption, location: form.location, tags: form.tags, photos: [...kept, ...added] },
        { actorId: userId },
      )
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
  yield* findPost(postId)
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
