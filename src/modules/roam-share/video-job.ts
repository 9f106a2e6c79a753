import { Effect } from 'effect'
import { handleCommand, loadState } from '../../events/decider.ts'
import type { JobDefinition } from '../../platform/jobs.ts'
import { Log } from '../../platform/logging.ts'
import { processStoredVideo, removeMedia } from '../media/uploads.ts'
import { postDecider, postStream } from './post-domain.ts'

export interface ProcessVideo {
  readonly postId: string
  /** The private original in media storage. */
  readonly source: string
}

const markFailed = (postId: string) => handleCommand(postDecider, postStream(postId), { type: 'MarkVideoFailed', postId })

/**
 * Turns an uploaded video into what the feed plays: a faststart H.264/AAC MP4 without metadata, its
 * poster at 0.5 s and a thumbnail, then marks the post ready (it then appears in the feed). A video
 * ffmpeg cannot read fails the post at once; other failures are retried, and the last try fails it.
 * A post deleted meanwhile keeps nothing: the files made for it and the original are removed.
 */
export const processVideoJob: JobDefinition<ProcessVideo> = {
  name: 'roam-share.process-video',
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 },
  run: ({ postId, source }, { lastAttempt }) => {
    const work = Effect.gen(function* () {
      const { state } = yield* loadState(postDecider, postStream(postId))
      if (!state.exists || state.removed || state.videoStatus !== 'processing') return yield* removeMedia([source])
      const processed = yield* processStoredVideo(source).pipe(
        Effect.catchTags({
          UnsupportedMedia: () => Effect.succeed(undefined),
          MediaRejected: () => Effect.succeed(undefined),
        }),
      )
      if (!processed) {
        yield* markFailed(postId)
        return yield* removeMedia([source])
      }
      const { events } = yield* handleCommand(postDecider, postStream(postId), { type: 'MarkVideoProcessed', postId, video: processed.video })
      if (events.length === 0) yield* removeMedia(processed.keys)
      yield* removeMedia([source])
      ;(yield* Log).info('video processed', { postId, how: processed.how })
    })
    if (!lastAttempt) return work
    return work.pipe(Effect.catchCause(() => Effect.andThen(markFailed(postId), removeMedia([source]))))
  },
}
