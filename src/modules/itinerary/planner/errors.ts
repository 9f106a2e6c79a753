import { Schema } from 'effect'
import { HttpStatus } from '../../../platform/errors.ts'

/** A trip request that breaks the rules of spec §5 (the message says which). */
export class InvalidTrip extends Schema.TaggedError<InvalidTrip>()('InvalidTrip', { message: Schema.String }) {
  readonly [HttpStatus] = 400
}

/** A re-plan whose new days leave no room for a locked place (its city dropped, or fewer days there). */
export class LockNotKept extends Schema.TaggedError<LockNotKept>()('LockNotKept', {}) {
  readonly [HttpStatus] = 422
  override get message() {
    return 'A locked place is on a day the new plan does not have. Unlock it or keep its days, then re-plan.'
  }
}
