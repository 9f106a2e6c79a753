import { Schema } from 'effect'
import { HttpStatus } from '../../platform/errors.ts'
import { NOTE_MAX_LENGTH, WARNING_REQUIRED } from './rules.ts'

/** The admin module's errors, each with the status and message the dashboard shows. */

export class WarningMessageRequired extends Schema.TaggedError<WarningMessageRequired>()('WarningMessageRequired', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return WARNING_REQUIRED
  }
}

export class NoteTooLong extends Schema.TaggedError<NoteTooLong>()('NoteTooLong', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return `Please keep the note under ${NOTE_MAX_LENGTH} characters.`
  }
}

export class UserNotFound extends Schema.TaggedError<UserNotFound>()('UserNotFound', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'User not found'
  }
}

export class InvalidPeriod extends Schema.TaggedError<InvalidPeriod>()('InvalidPeriod', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'Give a date (YYYY-MM-DD) or a month (YYYY-MM).'
  }
}
