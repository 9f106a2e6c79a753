import { describe, expect, it } from 'vitest'
import { cityIndex } from '../cities/cities.ts'
import { famePopularity, famousSightId, famousSightRecord, parseFamousSight } from './famous-sights.ts'

const line = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    city: 'New York',
    country: 'US',
    fame: 1,
    name: 'Statue of Liberty',
    lat: 40.68925,
    lon: -74.0445,
    kind: 'monument',
    minutes: 240,
    hours: '09:00-17:00',
    last_entry: '13:00',
    ...overrides,
  })

describe('parseFamousSight', () => {
  it('accepts a well-formed line', () => {
    expect(parseFamousSight(line())).toMatchObject({ ok: true })
  })

  it.each([
    [{ kind: 'castle' }, 'kind'],
    [{ minutes: 45 }, 'minutes'],
    [{ minutes: 420 }, 'minutes'],
    [{ hours: '9-17' }, 'hours'],
    [{ hours: '18:00-09:00' }, 'hours'],
    [{ closed: ['Monday'] }, 'closed'],
    [{ name: 'Royal Building of <i>Mafra</i>' }, 'plain text'],
    [{ name: 'Карлов мост' }, 'Latin'],
    [{ fame: 0 }, 'fame'],
    [{ themes: ['beaches'] }, 'themes'],
  ])('refuses %j', (overrides, reason) => {
    const parsed = parseFamousSight(line(overrides))
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.reason).toContain(reason)
  })
})

describe('famousSightRecord', () => {
  const newYork = cityIndex().resolve('New York, US')!

  it('makes a catalog record whose latest start is the last entry, ranked by fame', () => {
    const parsed = parseFamousSight(line({ local: 'Liberty Island', also: ['Lady Liberty'], same: ['wv-x'], closed: ['Mon'] }))
    if (!parsed.ok) throw new Error(parsed.reason)
    const record = famousSightRecord(parsed.sight, newYork)
    expect(record).toMatchObject({
      id: 'fs-us-new-york-statue-of-liberty',
      name: 'Statue of Liberty',
      names: { en: 'Statue of Liberty', local: 'Liberty Island', also1: 'Lady Liberty' },
      city_id: newYork.id,
      popularity: 1,
      visit_minutes: 240,
      // A 4-hour visit that must start by 13:00 ends by 17:00.
      hours: { open: '09:00', close: '17:00' },
      same_as: ['wv-x'],
      closed_days: ['Mon'],
      source: 'roam-sights',
    })
  })

  it('links a sight to those planned on its day: the one it is part of, those seen on the same outing', () => {
    const parsed = parseFamousSight(line({ name: 'Ellis Island', with: ['Statue of Liberty'] }))
    if (!parsed.ok) throw new Error(parsed.reason)
    expect(famousSightRecord(parsed.sight, newYork).together).toEqual(['fs-us-new-york-statue-of-liberty'])
    const inside = parseFamousSight(line({ name: 'Liberty Museum', part_of: 'Statue of Liberty' }))
    if (!inside.ok) throw new Error(inside.reason)
    expect(famousSightRecord(inside.sight, newYork).together).toEqual(['fs-us-new-york-statue-of-liberty'])
    expect(parseFamousSight(line({ with: 'Statue of Liberty' }))).toEqual({ ok: false, reason: 'with must be a list of strings' })
  })

  it('gives fame ranks decreasing popularity, never below the floor', () => {
    expect(famePopularity(1)).toBe(1)
    expect(famePopularity(2)).toBeCloseTo(0.98)
    expect(famePopularity(40)).toBe(0.5)
    expect(famousSightId({ country: 'JP', city: 'Kyōto', name: 'Fushimi Inari Taisha' })).toBe('fs-jp-kyoto-fushimi-inari-taisha')
  })
})
