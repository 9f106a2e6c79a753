import { describe, expect, it } from 'vitest'
import { defaultSplit, tripDays, validateTrip, type TripRequest } from './trip.ts'

const request = (overrides: Partial<TripRequest> = {}): TripRequest => ({
  origin_city: 'London, England, United Kingdom',
  destinations: ['Paris', 'Rome'],
  trip_types: ['cultural-historical'],
  pace: 'moderate',
  start_date: '2026-12-01',
  end_date: '2026-12-05',
  ...overrides,
})

const message = (overrides: Partial<TripRequest>) => {
  const checked = validateTrip(request(overrides))
  return checked.ok ? 'ok' : checked.message
}

describe('days in a trip (spec §9: whole days between the dates, rounded up, plus 1)', () => {
  it.each([
    ['2026-12-01', '2026-12-01', 1],
    ['2026-12-01', '2026-12-05', 5],
    ['2026-12-30', '2027-01-02', 4],
    ['2026-12-01T09:00:00Z', '2026-12-02T10:00:00Z', 3],
    ['2026-12-01T09:00:00Z', '2026-12-02T09:00:00Z', 2],
  ])('%s to %s is %i days', (start, end, days) => {
    const checked = validateTrip(request({ start_date: start, end_date: end, destinations: ['Paris'] }))
    expect(checked.ok && checked.value.days).toBe(days)
  })

  it('counts from instants', () => {
    expect(tripDays(Date.parse('2026-12-01T00:00:00Z'), Date.parse('2026-12-01T00:00:00Z'))).toBe(1)
    expect(tripDays(Date.parse('2026-12-01T00:00:00Z'), Date.parse('2026-12-01T00:00:01Z'))).toBe(2)
  })
})

describe('default split (an even share each, the remainder to the first destination)', () => {
  it.each([
    [7, 3, [3, 2, 2]],
    [6, 3, [2, 2, 2]],
    [10, 4, [4, 2, 2, 2]],
    [5, 1, [5]],
  ])('%i days over %i cities is %o', (days, cities, split) => {
    expect(defaultSplit(days, cities)).toEqual(split)
  })

  it('is used when no daysPerCity is sent, and a valid daysPerCity replaces it', () => {
    const byDefault = validateTrip(request())
    expect(byDefault.ok && byDefault.value.daysPerCity).toEqual([3, 2])
    const chosen = validateTrip(request({ daysPerCity: { Paris: 1, Rome: 4 } }))
    expect(chosen.ok && chosen.value.daysPerCity).toEqual([1, 4])
  })
})

describe('trip request checks', () => {
  it('accepts theme slugs however the ampersands were hyphenated, and display names', () => {
    const checked = validateTrip(request({ trip_types: ['cultural---historical', 'Family & Kid-Friendly', 'nature-outdoors'] }))
    expect(checked.ok && checked.value.themes).toEqual(['cultural-historical', 'family-kid-friendly', 'nature-outdoors'])
  })

  it.each<[Partial<TripRequest>, RegExp]>([
    [{ start_date: '2026-12-05', end_date: '2026-12-01' }, /end date must not be before the start date/],
    [{ end_date: '2027-02-01' }, /at most 60 days/],
    [{ destinations: Array.from({ length: 11 }, (_, i) => `City ${i}`) }, /at most 10 destinations/],
    [{ trip_types: ['space-travel'] }, /Unknown trip theme: space-travel/],
    [{ trip_types: [] }, /at least one trip theme/],
    [{ pace: 'leisurely' }, /Unknown pace: leisurely/],
    [{ daysPerCity: { Paris: 2, Rome: 2 } }, /adds up to 4 days, but the trip has 5/],
    [{ daysPerCity: { Paris: 5 } }, /no entry for Rome/],
    [{ daysPerCity: { Paris: 0, Rome: 5 } }, /at least 1/],
    [{ daysPerCity: { Paris: 2, Rome: 2, Oslo: 1 } }, /not among the destinations/],
    [{ destinations: ['Paris', 'paris'] }, /listed more than once/],
    [{ start_date: '2026-02-30' }, /start_date must be a date/],
    [{ start_date: '2026-12-01', end_date: '2026-12-01', destinations: ['Paris', 'Rome'] }, /cannot cover 2 destinations/],
    [{ origin_city: '' }, /origin_city is required/],
  ])('rejects %o', (overrides, expected) => {
    expect(message(overrides)).toMatch(expected)
  })
})
