import { describe, expect, it } from 'vitest'
import { compareItineraries, describeChanges, summaryOf } from './compare.ts'
import { edit, startEditing, undo } from './edit-rules.ts'
import { removedAfter } from './locks.ts'
import { formatLocalDateTime, type PlanDay, type PlanPlace } from './plan.ts'

const place = (id: string, start: number, city = 'Porto', hours = 1): PlanPlace => ({
  id,
  name: `Place ${id}`,
  address: null,
  rating: null,
  reviews_count: null,
  visit_duration: hours,
  start_time: start,
  travel_time_from_previous: 0,
  city,
  coordinates: { latitude: 41.15, longitude: -8.61 },
  latitude: 41.15,
  longitude: -8.61,
})
const day = (n: number, city: string, places: PlanPlace[]): PlanDay => ({ day: n, date: null, city, places })

describe('comparing two versions of an itinerary', () => {
  const before = [day(1, 'Lisbon', [place('a', 9, 'Lisbon'), place('b', 11, 'Lisbon')]), day(2, 'Porto', [place('c', 9), place('d', 11)])]

  it('tells added, removed and moved places apart, day by day', () => {
    const after = [
      day(1, 'Lisbon', [place('a', 9, 'Lisbon')]),
      day(2, 'Porto', [place('c', 10), place('d', 12), place('e', 14), place('f', 16), place('g', 18)]),
    ]
    const comparison = compareItineraries(before, after)
    expect(comparison.days[0]!.removed.map((p) => p.id)).toEqual(['b'])
    expect(comparison.days[1]!.added.map((p) => p.id)).toEqual(['e', 'f', 'g'])
    expect(comparison.days[1]!.moved.map((m) => [m.place.id, m.fromStart, m.toStart])).toEqual([
      ['c', 9, 10],
      ['d', 11, 12],
    ])
    expect(summaryOf(comparison)).toBe('3 places added, 1 removed, 2 moved')
    expect(describeChanges(before, after)).toEqual(['3 places added in Porto', '1 place removed in Lisbon', 'day 2 moved later by 1 h'])
  })

  it('counts moves that are not a whole day shifting', () => {
    const after = [day(1, 'Lisbon', [place('a', 9, 'Lisbon'), place('b', 13, 'Lisbon')]), before[1]!]
    expect(describeChanges(before, after)).toEqual(['1 place moved on day 1'])
    expect(summaryOf(compareItineraries(before, before))).toBe('No changes')
  })

  it('says when only a visit’s length changed, which used to read as "No changes"', () => {
    const after = [day(1, 'Lisbon', [place('a', 9, 'Lisbon', 2.5), place('b', 11.5, 'Lisbon')]), before[1]!]
    const comparison = compareItineraries(before, after)
    expect(comparison.days[0]!.resized.map((r) => [r.place.id, r.fromHours, r.toHours])).toEqual([['a', 1, 2.5]])
    expect(summaryOf(comparison)).toBe('1 place moved, 1 visit length changed')
    expect(describeChanges(before, after)).toEqual(['1 place moved on day 1', 'Place a on day 1: 1 h → 2.5 h'])
  })
})

describe('times in the History', () => {
  it('are the reader’s own, named by their zone', () => {
    expect(formatLocalDateTime('2026-11-23T11:52:00Z', 'Europe/Paris')).toBe('23 Nov 2026, 12:52 CET')
    expect(formatLocalDateTime('2026-11-23T11:52:00Z', 'Asia/Tokyo')).toBe('23 Nov 2026, 20:52 GMT+9')
  })
})

describe('locks and deleted places in the editor', () => {
  it('locks a place, and Undo unlocks it', () => {
    const locked = edit(startEditing([day(1, 'Porto', [place('c', 9)])]), { type: 'lock', at: { day: 0, index: 0 }, locked: true }).state
    expect(locked.days[0]!.places[0]!.locked).toBe(true)
    expect(undo(locked).days[0]!.places[0]!.locked).toBeUndefined()
  })

  it('takes an accepted re-plan as one step that one Undo takes back', () => {
    const start = startEditing([day(1, 'Porto', [place('c', 9), place('d', 11)])])
    const replanned = [day(1, 'Porto', [place('c', 9), place('x', 11), place('y', 13)])]
    const { state } = edit(start, { type: 'replace', days: replanned })
    expect(state.days[0]!.places.map((p) => p.id)).toEqual(['c', 'x', 'y'])
    expect(undo(state).days).toEqual(start.days)
  })

  it('remembers a deleted place until it is back in the trip', () => {
    const days = [day(1, 'Porto', [place('c', 9), place('d', 11)])]
    const without = [day(1, 'Porto', [place('c', 9)])]
    expect(removedAfter([], days, without)).toEqual(['d'])
    expect(removedAfter(['d'], without, days)).toEqual([])
  })
})
