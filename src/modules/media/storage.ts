import { Context, Effect, Layer } from 'effect'
import type { Readable } from 'node:stream'
import { Config, type RunningConfig } from '../../platform/config.ts'
import { localStorage } from './local-storage.ts'
import { s3Storage } from './s3-storage.ts'

/** What to store: a file on disk (streamed) or bytes in memory. */
export type MediaSource = { readonly path: string } | { readonly bytes: Buffer }

/** A stored object, or the inclusive byte range of it that was asked for. */
export interface MediaObject {
  readonly body: Readable
  readonly contentType: string
}

/**
 * Where media live, by key (`roam_share_posts/<file>`, `profile_pictures/<file>`, `incoming/<file>`).
 * Two adapters: a local directory (MEDIA_DIR, the default) and any S3-compatible object store, with
 * which several app processes on several machines share the same media.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3'
  readonly put: (key: string, source: MediaSource, contentType: string) => Promise<void>
  /** The object's size in bytes, or undefined when there is none. */
  readonly size: (key: string) => Promise<number | undefined>
  /** The object's bytes from `start` to `end` (inclusive), or all of them. */
  readonly read: (key: string, range?: { readonly start: number; readonly end: number }) => Promise<MediaObject | undefined>
  /** Copies the object into a local file (for ffmpeg, which wants a seekable file). */
  readonly download: (key: string, toPath: string) => Promise<void>
  /** Deletes the objects; missing ones are fine. */
  readonly remove: (keys: readonly string[]) => Promise<void>
}

export function storageFor(config: RunningConfig): MediaStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.mediaDir)
}

export class MediaStore extends Context.Service<MediaStore, MediaStorage>()('roam/MediaStore') {
  static readonly layer = Layer.effect(
    MediaStore,
    Effect.gen(function* () {
      return storageFor(yield* Config)
    }),
  )
}

/**
 * A call to the media store as an Effect: the one place where its promises become Effects (a storage
 * failure is a defect, logged and answered 500).
 */
export const withStorage = <A>(run: (storage: MediaStorage) => Promise<A>): Effect.Effect<A, never, MediaStore> =>
  MediaStore.use((storage) => Effect.promise(() => run(storage)))
