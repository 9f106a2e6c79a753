import { Schema } from 'effect'
import { HttpStatus } from '../../platform/errors.ts'
import { MESSAGES } from './rules.ts'

/** Roam Share's errors, each with the status and message a client sees (spec §5, §8 where it has words). */

export class InvalidPost extends Schema.TaggedError<InvalidPost>()('InvalidPost', { message: Schema.String }) {
  readonly [HttpStatus] = 400
}

export class InvalidUsername extends Schema.TaggedError<InvalidUsername>()('InvalidUsername', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return MESSAGES.usernameInvalid
  }
}

/** Taken (ignoring case), or the caller already has one: a username is set once. */
export class UsernameUnavailable extends Schema.TaggedError<UsernameUnavailable>()('UsernameUnavailable', {}) {
  readonly [HttpStatus] = 409
  override get message() {
    return MESSAGES.usernameTaken
  }
}

export class UsernameRequired extends Schema.TaggedError<UsernameRequired>()('UsernameRequired', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return MESSAGES.usernameRequired
  }
}

export class PostNotFound extends Schema.TaggedError<PostNotFound>()('PostNotFound', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'Post not found'
  }
}

export class UserNotFound extends Schema.TaggedError<UserNotFound>()('UserNotFound', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'User not found.'
  }
}

export class CannotFollowYourself extends Schema.TaggedError<CannotFollowYourself>()('CannotFollowYourself', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'You cannot follow yourself.'
  }
}

export class AlreadyReported extends Schema.TaggedError<AlreadyReported>()('AlreadyReported', {}) {
  readonly [HttpStatus] = 409
  override get message() {
    return 'You have already reported this post.'
  }
}

export class PostChangeRefused extends Schema.TaggedError<PostChangeRefused>()('PostChangeRefused', { message: Schema.String }) {
  readonly [HttpStatus] = 422
}
