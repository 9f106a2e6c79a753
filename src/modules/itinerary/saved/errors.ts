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

/** Trips one account may keep in My Itineraries. */
export const MAX_TRIPS_PER_ACCOUNT = 200

/** An account that already keeps the most trips it may. */
export class TooManyTrips extends Schema.TaggedError<TooManyTrips>()('TooManyTrips', {}) {
  readonly [HttpStatus] = 422
  override get message() {
    return `You have ${MAX_TRIPS_PER_ACCOUNT} saved trips, the most one account can keep. Delete one you no longer need to save another.`
  }
}

/** Saves (versions) one trip may keep in its History. */
export const MAX_VERSIONS_PER_TRIP = 500

/** A trip whose History is full. */
export class TooManyVersions extends Schema.TaggedError<TooManyVersions>()('TooManyVersions', {}) {
  readonly [HttpStatus] = 422
  override get message() {
    return `This trip has been saved ${MAX_VERSIONS_PER_TRIP} times, the most Roam keeps for one trip. Save it under a new name to go on editing.`
  }
}
