/**
 * Roam Share's rules that the browser shares with the server (spec §3, §5, §9): tags, report reasons,
 * limits and the messages that go with them. Pure and Schema-free, so islands stay small.
 */

export const POST_TAGS = [
  'tourism',
  'hidden gems',
  'local cuisine',
  'adventure sports',
  'stargazing',
  'water activities',
  'wildlife safari',
  'theme parks',
  'treks & hikes',
  'wellness & retreats',
  'beaches',
  'mountains',
  'historic monuments',
  'museums',
  'scenic views',
  'nightlife',
  'festivals',
  'photographic spots',
  'family travel',
  'solo travel',
  'group travel',
  'camping',
  'art & architecture',
  'wine & brewery tours',
  'shopping destination',
  'weekend getaway',
  'staycation',
  'cultural immersion',
  'desert safari',
  'budget travel',
] as const
export type PostTag = (typeof POST_TAGS)[number]

export const REPORT_REASONS = ['Spam', 'Inappropriate Content', 'Misinformation', 'Harassment', 'Other'] as const

export const POST_TYPES = ['photo', 'video'] as const
export type PostType = (typeof POST_TYPES)[number]

export const MAX_IMAGES = 10
export const MAX_VIDEO_SECONDS = 180
export const CAPTION_MAX = 2200
export const LOCATION_MAX = 200
export const BIO_MAX = 300
export const USERNAME_MAX = 30
export const REPORT_REASON_MAX = 1000
export const USER_SEARCH_MIN = 2

/** A user or post id as we make them (a UUID); anything else names nothing, and never reaches a query. */
export const isId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
/** Bytes of one photo as uploaded (the browser compresses to 1 MB; the original is sent when that fails). */
export const PHOTO_UPLOAD_MAX_BYTES = 25 * 1024 * 1024
export const VIDEO_UPLOAD_MAX_BYTES = 300 * 1024 * 1024
export const AVATAR_UPLOAD_MAX_BYTES = 15 * 1024 * 1024

export const MESSAGES = {
  usernameInvalid: 'Username contains invalid characters.',
  usernameTaken: 'Username already taken or invalid.',
  usernameRequired: 'Please set up your username in Profile Page to access Roam Share.',
  photoRequired: 'At least one photo is required to share a post',
  videoRequired: 'Video is required to share a video post',
  locationRequired: 'Location is required to share a post',
  tagRequired: 'Please select at least one tag before posting.',
  videoTooLong: 'Video must be less than or equal to 3 minutes.',
  tooManyImages: `You can share up to ${MAX_IMAGES} photos in a post.`,
  photoAndVideo: 'A post has either photos or one video, never both.',
  reasonRequired: 'Please select at least one reason.',
  otherRequired: 'Please specify your reason for selecting "Other".',
} as const

/** Letters, digits and the symbols of spec §5; no spaces. */
const USERNAME_CHARACTERS = /^[A-Za-z0-9!@#$%^&*()_+\-=\\[\]{};':"|,.<>/?`~]+$/

/** The message for a username the rules refuse, or undefined when it may be claimed. */
export function usernameProblem(username: string): string | undefined {
  if (username.length === 0 || username.length > USERNAME_MAX || !USERNAME_CHARACTERS.test(username)) return MESSAGES.usernameInvalid
  return undefined
}

/** Where a user's public profile lives; a username starting with @ keeps it (one leading @ is stripped). */
export const profilePath = (username: string) => `/u/${username.startsWith('@') ? '@' : ''}${encodeURIComponent(username)}`

/** `/u/@ana` and `/u/ana` name the same user: one leading @ is stripped (spec §2). */
export const usernameFromPath = (segment: string) => segment.replace(/^@/, '')

/**
 * The route segment after `prefix` in a request's raw path, decoded once (links encode the name with
 * encodeURIComponent). The router's own params cannot be used: they keep %2F, %3F and %23 encoded but
 * decode %25, so a username with `/`, `?`, `#` or `%` would never be found. Undefined when the path
 * does not start with the prefix or is not valid percent-encoding.
 */
export function segmentAfter(rawPath: string, prefix: string): string | undefined {
  if (!rawPath.startsWith(prefix)) return undefined
  try {
    return decodeURIComponent(rawPath.slice(prefix.length))
  } catch {
    return undefined
  }
}

export const isPostTag = (tag: string): tag is PostTag => (POST_TAGS as readonly string[]).includes(tag)

export interface PostDraft {
  readonly postType: PostType
  readonly photoCount: number
  readonly hasVideo: boolean
  readonly location: string
  readonly tags: readonly string[]
  readonly editing: boolean
}

/** The first rule of spec §5 (Create post) a draft breaks, in the order the form checks them. */
export function postDraftProblem(draft: PostDraft): string | undefined {
  if (draft.postType === 'photo' && draft.photoCount === 0 && !draft.editing) return MESSAGES.photoRequired
  if (draft.postType === 'video' && !draft.hasVideo && !draft.editing) return MESSAGES.videoRequired
  if (draft.location.trim() === '') return MESSAGES.locationRequired
  if (draft.tags.length === 0) return MESSAGES.tagRequired
  if (draft.photoCount > MAX_IMAGES) return MESSAGES.tooManyImages
  return undefined
}

/** The report's reason as sent: the chosen reasons joined with commas, Other as "Other: <text>" (spec §5). */
export function reportReason(chosen: readonly string[], otherText: string): { reason: string } | { problem: string } {
  if (chosen.length === 0) return { problem: MESSAGES.reasonRequired }
  if (chosen.includes('Other') && otherText.trim() === '') return { problem: MESSAGES.otherRequired }
  const ordered = REPORT_REASONS.filter((reason) => chosen.includes(reason))
  return { reason: ordered.map((reason) => (reason === 'Other' ? `Other: ${otherText.trim()}` : reason)).join(', ') }
}

export const uploadUrl = (base: string, folder: 'roam_share_posts' | 'profile_pictures', file: string) => `${base}/uploads/${folder}/${file}`
