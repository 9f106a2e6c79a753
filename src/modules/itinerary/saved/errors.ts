import { Schema } from 'effect'
import { HttpStatus } from '../../../platform/errors.ts'

/** A saved itinerary that does not exist, was deleted, or is not the caller's: all answer 404. */
export class ItineraryNotFound extends Schema.TaggedError<ItineraryNotFound>()('ItineraryNotFound', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'Itinerary not found'
  }
}

/** A share link that was never made, or whose itinerary was deleted (spec §2, Shared itinerary). */
export class SharedLinkNotFound extends Schema.TaggedError<SharedLinkNotFound>()('SharedLinkNotFound', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'Invalid or expired link.'
  }
}

/** Spec §5, Save itinerary: a new itinerary needs a name. */
export class TitleRequired extends Schema.TaggedError<TitleRequired>()('TitleRequired', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'Trip name is required to save!'
  }
}

/** An id that is already taken: only a client choosing its own ids could see this. */
export class ItineraryExists extends Schema.TaggedError<ItineraryExists>()('ItineraryExists', {}) {
  readonly [HttpStatus] = 409
  override get message() {
    return 'This itinerary already exists'
  }
}

/** A calendar export of an itinerary without dates. */
export class NoDatesToExport extends Schema.TaggedError<NoDatesToExport>()('NoDatesToExport', {}) {
  readonly [HttpStatus] = 422
  override get message() {
    return 'This itinerary has no dates to put in a calendar.'
  }
}

/** A version number the saved itinerary does not have. */
export class VersionNotFound extends Schema.TaggedError<VersionNotFound>()('VersionNotFound', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'Version not found'
  }
}
