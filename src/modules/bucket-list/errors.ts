import { Schema } from 'effect'
import { HttpStatus } from '../../platform/errors.ts'

/** A list or item that does not exist or is not the caller's: both are a 404, revealing nothing. */
export class BucketListNotFound extends Schema.TaggedError<BucketListNotFound>()('BucketListNotFound', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'Bucket list not found'
  }
}

export class InvalidBucketList extends Schema.TaggedError<InvalidBucketList>()('InvalidBucketList', { message: Schema.String }) {
  readonly [HttpStatus] = 400
}
