import { Schema } from 'effect'
import { HttpStatus } from '../../platform/errors.ts'
import { ACCOUNT_BLOCKED } from './messages.ts'

/** The account module's errors, each with the status and message a client sees. */

/** A form field is missing or does not meet the rules (the message names the problem, as the form shows it). */
export class InvalidDetails extends Schema.TaggedError<InvalidDetails>()('InvalidDetails', { message: Schema.String }) {
  readonly [HttpStatus] = 400
}

export class NoSuchAccount extends Schema.TaggedError<NoSuchAccount>()('NoSuchAccount', {}) {
  readonly [HttpStatus] = 404
  override get message() {
    return 'Account not found'
  }
}

export class EmailTaken extends Schema.TaggedError<EmailTaken>()('EmailTaken', {}) {
  readonly [HttpStatus] = 409
  override get message() {
    return 'An account with this email already exists.'
  }
}

export class AlreadyVerified extends Schema.TaggedError<AlreadyVerified>()('AlreadyVerified', {}) {
  readonly [HttpStatus] = 409
  override get message() {
    return 'This email is already verified. Please log in.'
  }
}

export class EmailNotVerified extends Schema.TaggedError<EmailNotVerified>()('EmailNotVerified', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return 'Please verify your email before logging in.'
  }
}

export class AccountBlocked extends Schema.TaggedError<AccountBlocked>()('AccountBlocked', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return ACCOUNT_BLOCKED
  }
}

export class CodeNotSent extends Schema.TaggedError<CodeNotSent>()('CodeNotSent', {}) {
  readonly [HttpStatus] = 503
  override get message() {
    return "We couldn't send the verification code right now. Please try again in a few minutes."
  }
}

export class WrongCode extends Schema.TaggedError<WrongCode>()('WrongCode', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'Invalid code. Please try again.'
  }
}

export class CodeExpired extends Schema.TaggedError<CodeExpired>()('CodeExpired', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'This code has expired. Please request a new one.'
  }
}

export class CodeExhausted extends Schema.TaggedError<CodeExhausted>()('CodeExhausted', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'Too many incorrect attempts. Please request a new code.'
  }
}

export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()('InvalidCredentials', {}) {
  readonly [HttpStatus] = 401
  override get message() {
    return 'Invalid email or password.'
  }
}

export class AuthenticationRequired extends Schema.TaggedError<AuthenticationRequired>()('AuthenticationRequired', {}) {
  readonly [HttpStatus] = 401
  override get message() {
    return 'Authentication required'
  }
}

export class SessionExpired extends Schema.TaggedError<SessionExpired>()('SessionExpired', {}) {
  readonly [HttpStatus] = 401
  override get message() {
    return 'Your session has expired. Please log in again.'
  }
}

export class PermissionDenied extends Schema.TaggedError<PermissionDenied>()('PermissionDenied', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return 'You do not have permission to do this.'
  }
}

export class CrossSiteRequest extends Schema.TaggedError<CrossSiteRequest>()('CrossSiteRequest', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return 'Cross-site request refused'
  }
}

export class ResetLinkInvalid extends Schema.TaggedError<ResetLinkInvalid>()('ResetLinkInvalid', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'This reset link is invalid or has expired.'
  }
}

export class WrongCurrentPassword extends Schema.TaggedError<WrongCurrentPassword>()('WrongCurrentPassword', {}) {
  readonly [HttpStatus] = 400
  override get message() {
    return 'Current password is incorrect'
  }
}

export class CannotModerateSelf extends Schema.TaggedError<CannotModerateSelf>()('CannotModerateSelf', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return 'You cannot moderate your own account.'
  }
}

export class CannotModerateSuperAdmin extends Schema.TaggedError<CannotModerateSuperAdmin>()('CannotModerateSuperAdmin', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return 'A super-admin cannot be blocked, warned, deleted or given another role here.'
  }
}

export class CannotModerateAdmin extends Schema.TaggedError<CannotModerateAdmin>()('CannotModerateAdmin', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return 'Only a super-admin can block, unblock, warn or delete an admin.'
  }
}

export class RoleChangeNotAllowed extends Schema.TaggedError<RoleChangeNotAllowed>()('RoleChangeNotAllowed', {}) {
  readonly [HttpStatus] = 403
  override get message() {
    return 'Only a super-admin can grant or revoke the admin role.'
  }
}
