import { describe, expect, it } from 'vitest'
import { errorMessage } from './errors.ts'
import { isTokenFresh, tokenExpiry } from './token.ts'

const jwt = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`

describe('token expiry', () => {
  it('reads exp in seconds', () => {
    expect(tokenExpiry(jwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000)
    expect(isTokenFresh(jwt({ exp: 1_900_000_000 }), 1_899_999_000_000)).toBe(true)
    expect(isTokenFresh(jwt({ exp: 1_900_000_000 }), 1_899_999_990_000, 30)).toBe(false)
  })

  it('counts absent, unparsable, exp-less and past tokens as expired', () => {
    for (const token of [null, undefined, '', 'garbage', 'a.b.c', jwt({ sub: 'x' }), jwt({ exp: 'soon' }), jwt({ exp: 1 })]) {
      expect(isTokenFresh(token, Date.now())).toBe(false)
    }
  })
})

describe('error messages (spec §8)', () => {
  it('prefer the body error, then its message, then the status line', () => {
    expect(errorMessage(400, 'Bad Request', { error: 'Passwords do not match', message: 'other' })).toBe('Passwords do not match')
    expect(errorMessage(400, 'Bad Request', { message: 'Only a message' })).toBe('Only a message')
    expect(errorMessage(502, 'Bad Gateway', '<html>')).toBe('HTTP 502 Bad Gateway')
  })
})
