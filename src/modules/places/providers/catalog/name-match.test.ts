import { describe, expect, it } from 'vitest'
import { escapeLike, matchRank } from './name-match.ts'

describe('matchRank', () => {
  const variants = 'louvre museum\nmusee du louvre\nлувр'

  it('ranks a whole name over the start of a name or word over a substring', () => {
    expect(matchRank(variants, 'louvre museum')).toBe(0)
    expect(matchRank(variants, 'louvre')).toBe(1)
    expect(matchRank(variants, 'musee')).toBe(1)
    expect(matchRank(variants, 'museum')).toBe(1)
    expect(matchRank(variants, 'ouvre')).toBe(2)
    expect(matchRank(variants, 'лувр')).toBe(0)
  })

  it('does not match across two variants or when absent', () => {
    expect(matchRank(variants, 'museum musee')).toBeUndefined()
    expect(matchRank(variants, 'orsay')).toBeUndefined()
    expect(matchRank(variants, '')).toBeUndefined()
  })
})

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\')
  })
})
