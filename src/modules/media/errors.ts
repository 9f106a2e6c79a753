import { Schema } from 'effect'
import { HttpStatus } from '../../platform/errors.ts'

/** A file that is not a photo or video we accept: wrong type, lying type, SVG, markup inside (415). */
export class UnsupportedMedia extends Schema.TaggedError<UnsupportedMedia>()('UnsupportedMedia', { message: Schema.String }) {
  readonly [HttpStatus] = 415
}

/** A photo or video we could read but that breaks a limit (pixels, length, streams): 422 with the rule. */
export class MediaRejected extends Schema.TaggedError<MediaRejected>()('MediaRejected', { message: Schema.String }) {
  readonly [HttpStatus] = 422
}
