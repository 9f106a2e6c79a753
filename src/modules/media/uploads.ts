import { Effect } from 'effect'
import path from 'node:path'
import type { UploadedFile } from '../../platform/multipart.ts'
import { withTempDir } from '../../platform/temp-dir.ts'
import { MediaRejected, UnsupportedMedia } from './errors.ts'
import { processAvatar, processPhoto, type ProcessedPhoto } from './images.ts'
import { keyOf, newStem } from './names.ts'
import { sniff } from './sniff.ts'
import { withStorage } from './storage.ts'
import { VideoToolbox } from './tools.ts'
import { extractPoster, normalizeVideo, probeVideo } from './video.ts'

/** A published photo as events and read models know it: file names and what the grid needs to paint early. */
export interface StoredPhoto {
  readonly file: string
  readonly thumb: string
  readonly width: number
  readonly height: number
  readonly color: string
  readonly hash: string
}

export interface StoredVideo extends Omit<StoredPhoto, 'file'> {
  readonly file: string
  readonly poster: string
  readonly duration: number
}

/** Runs media work; a refusal (415/422) is a typed failure, anything else a defect. */
const media = <A>(work: () => Promise<A>) =>
  Effect.tryPromise({
    try: work,
    catch: (error) => (error instanceof UnsupportedMedia || error instanceof MediaRejected ? error : new MediaWorkFailed(error)),
  }).pipe(Effect.catchTag('MediaWorkFailed', (error) => Effect.die(error.cause)))

class MediaWorkFailed {
  readonly _tag = 'MediaWorkFailed'
  constructor(readonly cause: unknown) {}
}

const postKey = (file: string) => keyOf('roam_share_posts', file)

/**
 * Checks and re-encodes every photo first (nothing is stored if any is refused), then stores them.
 * Returns the photos and the keys written, for the caller to remove if its command fails.
 */
export const storePhotos = Effect.fn('Media.storePhotos')(function* (uploads: readonly UploadedFile[]) {
  const processed: ProcessedPhoto[] = []
  for (const upload of uploads) {
    yield* media(() => sniff(upload.path, upload.declaredType, 'photo'))
    processed.push(yield* media(() => processPhoto(upload.path)))
  }
  const photos: StoredPhoto[] = []
  const keys: string[] = []
  yield* withStorage(async (storage) => {
    for (const photo of processed) {
      const stem = newStem()
      const stored = { file: `${stem}.jpg`, thumb: `${stem}-thumb.webp`, width: photo.width, height: photo.height, color: photo.color, hash: photo.hash }
      keys.push(postKey(stored.file), postKey(stored.thumb))
      await storage.put(postKey(stored.file), { bytes: photo.main }, 'image/jpeg')
      await storage.put(postKey(stored.thumb), { bytes: photo.thumb }, 'image/webp')
      photos.push(stored)
    }
  }).pipe(Effect.onError(() => removeMedia(keys)))
  return { photos, keys }
})

/** A profile picture: checked, cropped to a 400 px square, stored; returns its file name. */
export const storeAvatar = Effect.fn('Media.storeAvatar')(function* (upload: UploadedFile) {
  yield* media(() => sniff(upload.path, upload.declaredType, 'photo'))
  const bytes = yield* media(() => processAvatar(upload.path))
  const file = `${newStem()}.jpg`
  yield* withStorage((storage) => storage.put(keyOf('profile_pictures', file), { bytes }, 'image/jpeg'))
  return { file, key: keyOf('profile_pictures', file) }
})

/**
 * Accepts a video for processing: the bytes must be a real video container with a video stream and
 * at most 3 minutes long (ffprobe, local file only). The original goes to private storage, where
 * the processing job (on any machine) picks it up.
 */
export const acceptVideo = Effect.fn('Media.acceptVideo')(function* (upload: UploadedFile) {
  const tools = yield* VideoToolbox
  yield* media(() => sniff(upload.path, upload.declaredType, 'video'))
  const probe = yield* media(() => probeVideo(tools, upload.path))
  const source = keyOf('incoming', newStem())
  yield* withStorage((storage) => storage.put(source, { path: upload.path }, 'application/octet-stream'))
  return { source, duration: probe.duration }
})

/**
 * The processing job's work: a faststart H.264/AAC MP4 without metadata, its poster frame at 0.5 s,
 * a grid thumbnail and a placeholder, all stored; the private original is left for the caller to
 * remove once the post knows its video.
 */
export const processStoredVideo = Effect.fn('Media.processStoredVideo')(function* (source: string) {
  const tools = yield* VideoToolbox
  return yield* withTempDir('roam-video-', (dir) =>
    Effect.gen(function* () {
      const original = path.join(dir, 'original')
      const output = path.join(dir, 'video.mp4')
      const posterFrame = path.join(dir, 'poster.jpg')
      yield* withStorage((storage) => storage.download(source, original))
      const probe = yield* media(() => probeVideo(tools, original))
      const how = yield* media(() => normalizeVideo(tools, original, output, probe))
      yield* media(() => extractPoster(tools, output, posterFrame, probe.duration))
      const poster = yield* media(() => processPhoto(posterFrame))
      const stem = newStem()
      const video: StoredVideo = {
        file: `${stem}.mp4`,
        poster: `${stem}-poster.jpg`,
        thumb: `${stem}-thumb.webp`,
        width: poster.width,
        height: poster.height,
        duration: Math.round(probe.duration * 10) / 10,
        color: poster.color,
        hash: poster.hash,
      }
      const keys = [postKey(video.file), postKey(video.poster), postKey(video.thumb)]
      yield* withStorage(async (storage) => {
        await storage.put(postKey(video.file), { path: output }, 'video/mp4')
        await storage.put(postKey(video.poster), { bytes: poster.main }, 'image/jpeg')
        await storage.put(postKey(video.thumb), { bytes: poster.thumb }, 'image/webp')
      }).pipe(Effect.onError(() => removeMedia(keys)))
      return { video, keys, how }
    }),
  )
})

/** Removes stored media; a failure is logged by the caller's job and retried, never shown to a user. */
export const removeMedia = Effect.fn('Media.remove')(function* (keys: readonly string[]) {
  if (keys.length > 0) yield* withStorage((storage) => storage.remove(keys))
})

export const postMediaKeys = (files: readonly string[]) => files.map(postKey)
export const avatarKey = (file: string) => keyOf('profile_pictures', file)
