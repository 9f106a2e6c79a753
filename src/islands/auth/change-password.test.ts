import { describe, expect, it } from 'vitest'
import { ApiError } from '../session/errors.ts'
import { changePasswordFailure } from './change-password.ts'

describe('change password failure text (spec §8, Account)', () => {
  it('puts the server error after "Password update failed: "', () => {
    const failure = new ApiError('Current password is incorrect', 400, { error: 'Current password is incorrect' })
    expect(changePasswordFailure(failure)).toBe('Password update failed: Current password is incorrect')
  })

  it('says "Unknown error" when the answer carries no error field', () => {
    expect(changePasswordFailure(new ApiError('HTTP 502 Bad Gateway', 502, '<html>'))).toBe('Password update failed: Unknown error')
    expect(changePasswordFailure(new ApiError('Only a message', 400, { message: 'Only a message' }))).toBe('Password update failed: Unknown error')
  })

  it('blames the server when no answer came', () => {
    expect(changePasswordFailure(new TypeError('Failed to fetch'))).toBe('Internal server error, please try again later')
    expect(changePasswordFailure(new ApiError('Request timeout', 0))).toBe('Internal server error, please try again later')
  })
})
