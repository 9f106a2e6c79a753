import { Effect } from 'effect'
import type { MultipartForm, MultipartLimits, UploadedFile } from '../../platform/multipart.ts'
import type { Limit } from '../../platform/rate-limits.ts'
import { InvalidPost } from './errors.ts'
import {
  CAPTION_MAX,
  isPostTag,
  LOCATION_MAX,
  MAX_IMAGES,
  MESSAGES,
  PHOTO_UPLOAD_MAX_BYTES,
  postDraftProblem,
  VIDEO_UPLOAD_MAX_BYTES,
  type PostType,
} from './rules.ts'

/** The multipart fields of POST /api/roam-share-posts and PUT .../update/{id} (spec §7). */
const POST_FIELD_BYTES = 64 * 1024
const POST_FIELDS = 20
/** Room for the multipart framing around the parts. */
const FRAMING_BYTES = 64 * 1024
export const POST_UPLOAD_LIMITS: MultipartLimits = {
  maxFieldBytes: POST_FIELD_BYTES,
  maxFields: POST_FIELDS,
  files: {
    images: { maxCount: MAX_IMAGES, maxBytes: PHOTO_UPLOAD_MAX_BYTES },
    video: { maxCount: 1, maxBytes: VIDEO_UPLOAD_MAX_BYTES },
  },
  // Photos or a video, never both: the larger of the two, plus the text fields.
  maxTotalBytes: Math.max(MAX_IMAGES * PHOTO_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MAX_BYTES) + POST_FIELDS * POST_FIELD_BYTES + FRAMING_BYTES,
  oneFileField: MESSAGES.photoAndVideo,
}

/** Posts, edits and profile pictures one member may upload in an hour (the media work is what costs). */
export const UPLOADS_PER_USER: Limit = {
  name: 'share-upload-user',
  points: 60,
  seconds: 60 * 60,
  tooMany: (wait) => `Too many uploads. Please try again in ${Math.ceil(wait / 60)} minutes.`,
}

export interface PostForm {
  readonly postType: PostType
  readonly caption: string
  readonly location: string
  readonly tags: readonly string[]
  readonly images: readonly UploadedFile[]
  readonly video: UploadedFile | undefined
  /** Edit only: the existing photos to keep, in order (undefined: keep them all). */
  readonly keepImages: readonly string[] | undefined
  readonly deleteVideo: boolean
  /** One of the author's saved itineraries to attach (replacing the one attached), by its saved id. */
  readonly tripId: string | undefined
  /** Edit only: take the attached trip off. */
  readonly removeTrip: boolean
}

const invalid = (message: string) => Effect.fail(new InvalidPost({ message }))

function jsonList(value: string | undefined, field: string): string[] | undefined | InvalidPost {
  if (value === undefined || value.trim() === '') return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed
  } catch {
    // answered below
  }
  return new InvalidPost({ message: `${field} must be a JSON array of strings.` })
}

/** Reads and checks a post form's fields (nothing of the files' contents yet). */
export const readPostForm = Effect.fn('Posts.readForm')(function* (form: MultipartForm, editing: boolean) {
  const { fields } = form
  const postType = fields.post_type ?? 'photo'
  if (postType !== 'photo' && postType !== 'video') return yield* invalid('post_type must be "photo" or "video".')
  const caption = (fields.caption ?? '').trim()
  if (caption.length > CAPTION_MAX) return yield* invalid(`Caption is too long (at most ${CAPTION_MAX} characters).`)
  const location = (fields.location ?? '').trim()
  if (location.length > LOCATION_MAX) return yield* invalid(`Location is too long (at most ${LOCATION_MAX} characters).`)
  const tags = jsonList(fields.tags, 'tags')
  if (tags instanceof InvalidPost) return yield* tags
  const unknown = (tags ?? []).find((tag) => !isPostTag(tag))
  if (unknown !== undefined) return yield* invalid(`Unknown tag: ${unknown.slice(0, 40)}`)
  const keepImages = jsonList(fields.keep_images, 'keep_images')
  if (keepImages instanceof InvalidPost) return yield* keepImages
  const images = form.files.filter((file) => file.field === 'images')
  const video = form.files.find((file) => file.field === 'video')
  if (images.length > 0 && (video || postType === 'video')) return yield* invalid(MESSAGES.photoAndVideo)
  if (video && postType === 'photo') return yield* invalid(MESSAGES.photoAndVideo)
  const problem = postDraftProblem({
    postType,
    photoCount: images.length + (keepImages?.length ?? 0),
    hasVideo: video !== undefined,
    location,
    tags: tags ?? [],
    editing,
  })
  if (problem) return yield* invalid(problem)
  return {
    postType,
    caption,
    location,
    tags: [...new Set(tags)],
    images,
    video,
    keepImages,
    deleteVideo: fields.delete_video === 'true',
    tripId: fields.trip_id?.trim() || undefined,
    removeTrip: fields.remove_trip === 'true',
  } satisfies PostForm
})
