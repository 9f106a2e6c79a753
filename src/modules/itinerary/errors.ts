import { Schema } from 'effect'
import { HttpStatus } from '../../platform/errors.ts'
import { notEnoughPlacesMessage } from './rules.ts'

/** A trip request that breaks the rules of spec §5 (the message says which). */
export class InvalidTrip extends Schema.TaggedError<InvalidTrip>()('InvalidTrip', { message: Schema.String }) {
  readonly [HttpStatus] = 400
}

/** A destination whose catalog cannot fill the days asked of it. */
export class NotEnoughPlaces extends Schema.TaggedError<NotEnoughPlaces>()('NotEnoughPlaces', { city: Schema.String, days: Schema.Number }) {
  readonly [HttpStatus] = 422
  override get message() {
    return notEnoughPlacesMessage(this.city, this.days)
  }
}
