import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyEdit,
  canUndo,
  DURATION_CHOICES,
  EDIT_MESSAGES,
  edit,
  itineraryProblem,
  normalizeDays,
  startEditing,
  undo,
  type CandidatePlace,
  type Edit,
  type EditOutcome,
} from './edit-rules.ts'
import { legBetween } from './legs.ts'
import type { PlanDay, PlanPlace } from './plan.ts'

const PARIS = { latitude: 48.8566, longitude: 2.3522 }
const LONDON = { latitude: 51.5072, longitude: -0.1276 }

function place(id: string, city: string, start: number, hours: number, offset = 0): PlanPlace {
  const centre = city === 'London' ? LONDON : PARIS
  const coordinates = { latitude: centre.latitude + offset * 0.01, longitude: centre.longitude + offset * 0.013 }
  return {
    id,
    name: `Place ${id}`,
    address: `${id} Street`,
    rating: null,
    reviews_count: null,
    visit_duration: hours,
    start_time: start,
    travel_time_from_previous: 0,
    city,
    coordinates,
    ...coordinates,
  }
}

/** Day 1 and 2 in Paris, day 3 in London. */
const trip = (): PlanDay[] =>
  normalizeDays([
    {
      day: 1,
      date: '2026-12-01',
      city: 'Paris',
      places: [place('louvre', 'Paris', 10, 2, 0), place('orsay', 'Paris', 13, 1.5, 1), place('tower', 'Paris', 16, 1, 2)],
    },
    { day: 2, date: '2026-12-02', city: 'Paris', places: [place('sacre', 'Paris', 9, 1, 3), place('marais', 'Paris', 11, 2, 4)] },
    { day: 3, date: '2026-12-03', city: 'London', places: [place('museum', 'London', 10, 3, 0)] },
  ])

const candidate = (overrides: Partial<CandidatePlace> = {}): CandidatePlace => ({
  id: 'pantheon',
  name: 'Panthéon',
  city: 'Paris',
  address: 'Place du Panthéon',
  latitude: 48.8462,
  longitude: 2.3464,
  ...overrides,
})

function daysOf(outcome: EditOutcome): PlanDay[] {
  if (outcome.kind !== 'done') throw new Error(`expected a change, got ${JSON.stringify(outcome)}`)
  return outcome.days
}

const names = (day: PlanDay) => day.places.map((p) => `${p.id}@${p.start_time}+${p.visit_duration}`)

describe('moving a place', () => {
  it('moves within a day and between days of the same city, keeping each day in start order', () => {
    const within = daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 0 }, toDay: 0, start: 18 }))
    expect(names(within[0]!)).toEqual(['orsay@13+1.5', 'tower@16+1', 'louvre@18+2'])
    const across = daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 2 }, toDay: 1, start: 14.5 }))
    expect(names(across[0]!)).toEqual(['louvre@10+2', 'orsay@13+1.5'])
    expect(names(across[1]!)).toEqual(['sacre@9+1', 'marais@11+2', 'tower@14.5+1'])
  })

  it('snaps a dropped time to the half hour', () => {
    const days = daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 2 }, toDay: 0, start: 19.3 }))
    expect(days[0]!.places[2]!.start_time).toBe(19.5)
  })

  it('inserts into a busy slot: what follows moves on by its leg, and a visit under way keeps its time', () => {
    // Dropped at 11:00 on Marais (11:00–13:00): the tower takes 11:00, Marais follows after the walk.
    const onStart = daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 2 }, toDay: 1, start: 11 }))
    expect(names(onStart[1]!)).toEqual(['sacre@9+1', 'tower@11+1', 'marais@12.5+2'])
    expect(onStart[1]!.places[2]!.travel_time_from_previous).toBeGreaterThan(0)
    // Dropped at 12:30, in the middle of Marais: the tower comes after it, its leg's travel time later.
    const midway = daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 2 }, toDay: 1, start: 12.5 }))
    expect(names(midway[1]!)).toEqual(['sacre@9+1', 'marais@11+2', 'tower@13.5+1'])
  })

  it('keeps the journey there: on the day of arrival nothing goes before the traveller has arrived', () => {
    const arriving = trip().map((day, k) => (k === 1 ? { ...day, journey: 'Arrive from London around 12:30', arrives_at: 12.5 } : day))
    // Sacré-Cœur at 09:00 stays the traveller's, but a place added at the spec's 10:00 or dropped at 09:30 goes after the arrival.
    const added = daysOf(applyEdit(arriving, { type: 'add', day: 1, place: candidate() }))
    expect(names(added[1]!)).toContain('pantheon@13+2')
    const moved = daysOf(applyEdit(arriving, { type: 'move', from: { day: 0, index: 2 }, toDay: 1, start: 9.5 }))
    expect(names(moved[1]!)).toContain('tower@12.5+1')
  })

  it('refuses another city, a visit past midnight and a locked visit in the way, in the spec’s words', () => {
    expect(applyEdit(trip(), { type: 'move', from: { day: 0, index: 0 }, toDay: 2, start: 15 })).toEqual({
      kind: 'refused',
      message: 'You cannot move an attraction to a different city.',
    })
    expect(applyEdit(trip(), { type: 'move', from: { day: 0, index: 0 }, toDay: 0, start: 22.5 })).toEqual({
      kind: 'refused',
      message: "This attraction doesn't fit before the end of the day.",
    })
    const marais = { day: 1, index: 1 }
    const lockedMarais = daysOf(applyEdit(trip(), { type: 'lock', at: marais, locked: true }))
    expect(applyEdit(lockedMarais, { type: 'move', from: { day: 0, index: 2 }, toDay: 1, start: 10.5 })).toEqual({
      kind: 'refused',
      message: 'This attraction overlaps with another one on the selected day.',
    })
    // Pushing the day's last visit past midnight is no insert.
    const late = daysOf(applyEdit(trip(), { type: 'move', from: { day: 1, index: 1 }, toDay: 1, start: 22 }))
    expect(applyEdit(late, { type: 'move', from: { day: 0, index: 0 }, toDay: 1, start: 21 })).toEqual({
      kind: 'refused',
      message: 'Cannot schedule attraction. Day ends at midnight.',
    })
  })

  it('may end exactly at midnight, and may slide over its own old slot', () => {
    expect(names(daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 0 }, toDay: 0, start: 22 }))[0]!)).toContain('louvre@22+2')
    expect(names(daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 0 }, toDay: 0, start: 10.5 }))[0]!)).toContain('louvre@10.5+2')
  })
})

describe('changing a duration', () => {
  it('offers twelve choices from 0.5 to 6 hours', () => {
    expect(DURATION_CHOICES).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6])
  })

  it('pushes later places on just enough when the visit grows into them, leaving each leg its travel time', () => {
    const days = daysOf(applyEdit(trip(), { type: 'duration', at: { day: 0, index: 0 }, hours: 4 }))
    // The Louvre now ends at 14:00; the walk to Orsay (a few minutes, on the half-hour grid) comes before it.
    expect(days[0]!.places[1]!.travel_time_from_previous).toBeGreaterThan(0)
    expect(names(days[0]!)).toEqual(['louvre@10+4', 'orsay@14.5+1.5', 'tower@16.5+1'])
  })

  it('shortens without moving anything else', () => {
    const days = daysOf(applyEdit(trip(), { type: 'duration', at: { day: 0, index: 1 }, hours: 0.5 }))
    expect(names(days[0]!)).toEqual(['louvre@10+2', 'orsay@13+0.5', 'tower@16+1'])
  })

  it('refuses a duration that would run past midnight, directly or by pushing later places', () => {
    const late = daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 2 }, toDay: 0, start: 21 }))
    expect(applyEdit(late, { type: 'duration', at: { day: 0, index: 2 }, hours: 3.5 })).toEqual({
      kind: 'refused',
      message: 'This new duration exceeds the allowed time in a day.',
    })
    const evening: PlanDay = { day: 1, date: null, city: 'Paris', places: [place('a', 'Paris', 15, 3), place('b', 'Paris', 18, 5.5, 1)] }
    expect(applyEdit([evening], { type: 'duration', at: { day: 0, index: 0 }, hours: 6 })).toEqual({
      kind: 'refused',
      message: 'This new duration exceeds the allowed time in a day.',
    })
    expect(names(daysOf(applyEdit([evening], { type: 'duration', at: { day: 0, index: 0 }, hours: 3.5 }))[0]!)).toEqual(['a@15+3.5', 'b@18.5+5.5'])
  })
})

describe('deleting a place', () => {
  it('reflows the day so that its first place starts at 10:00, with the travel time between places', () => {
    const days = daysOf(applyEdit(trip(), { type: 'delete', at: { day: 1, index: 0 } }))
    expect(names(days[1]!)).toEqual(['marais@10+2'])
    const first = daysOf(applyEdit(trip(), { type: 'delete', at: { day: 0, index: 0 } }))[0]!
    expect(first.places[0]!.start_time).toBe(10)
    const travel = legBetween(first.places[0]!.coordinates, first.places[1]!.coordinates).minutes
    expect(first.places[1]!.start_time).toBe(11.5 + Math.ceil(travel / 30) / 2)
  })

  it('leaves an empty day empty', () => {
    const days = daysOf(applyEdit(trip(), { type: 'delete', at: { day: 2, index: 0 } }))
    expect(days[2]!.places).toEqual([])
  })
})

describe('swapping and reordering', () => {
  it('swaps two places and lays the day out again from its first start', () => {
    const days = daysOf(applyEdit(trip(), { type: 'swap', day: 0, a: 0, b: 2 }))
    expect(days[0]!.places.map((p) => p.id)).toEqual(['tower', 'orsay', 'louvre'])
    expect(days[0]!.places[0]!.start_time).toBe(10)
  })

  it('reorders a place within its day', () => {
    const days = daysOf(applyEdit(trip(), { type: 'reorder', day: 0, from: 2, to: 0 }))
    expect(days[0]!.places.map((p) => p.id)).toEqual(['tower', 'louvre', 'orsay'])
  })

  it('does nothing for a place swapped with itself or moved to where it is', () => {
    expect(applyEdit(trip(), { type: 'swap', day: 0, a: 1, b: 1 })).toEqual({ kind: 'unchanged' })
    expect(applyEdit(trip(), { type: 'reorder', day: 0, from: 1, to: 1 })).toEqual({ kind: 'unchanged' })
  })
})

describe('adding a place from Explore', () => {
  it('starts at 10:00 for 2 hours on a free morning', () => {
    const days = daysOf(
      applyEdit(trip(), {
        type: 'add',
        day: 2,
        place: candidate({ id: 'tate', name: 'Tate', city: 'London', latitude: 51.5076, longitude: -0.0994 }),
        start: 14,
      }),
    )
    expect(names(days[2]!)).toEqual(['museum@10+3', 'tate@14+2'])
    const empty = daysOf(applyEdit(trip(), { type: 'delete', at: { day: 2, index: 0 } }))
    const added = daysOf(applyEdit(empty, { type: 'add', day: 2, place: candidate({ city: 'London', latitude: 51.5, longitude: -0.1 }) }))
    expect(names(added[2]!)).toEqual(['pantheon@10+2'])
  })

  it('takes the first free two hours after the preferred start', () => {
    const days = daysOf(applyEdit(trip(), { type: 'add', day: 0, place: candidate() }))
    expect(names(days[0]!)).toEqual(['louvre@10+2', 'orsay@13+1.5', 'tower@16+1', 'pantheon@17+2'])
    expect(days[0]!.places[3]).toMatchObject({ city: 'Paris', address: 'Place du Panthéon', coordinates: { latitude: 48.8462, longitude: 2.3464 } })
  })

  it('keeps an added place inside its own hours: the first fitting start from the preferred one, else it asks for the latest that fits', () => {
    const hours = (open: string, close: string) => ({ opening_hours: { open, close }, hours_known: true })
    // Day 2 has Sacré-Cœur 9:00–10:00 and the Marais 11:00–13:00. Asked for at 15:00, a place closing at 16:00
    // cannot take two hours; the latest start that fits is 14:00, and the traveller is asked first.
    const closing = candidate(hours('09:00', '16:00'))
    const asked = applyEdit(trip(), { type: 'add', day: 1, place: closing, start: 15 })
    expect(asked).toEqual({ kind: 'confirm-start', start: 14, question: 'Panthéon closes at 16:00; the latest start that fits is 14:00. Put it there?' })
    expect(names(daysOf(applyEdit(trip(), { type: 'add', day: 1, place: closing, start: 14, acceptStart: true }))[1]!)).toEqual([
      'sacre@9+1',
      'marais@11+2',
      'pantheon@14+2',
    ])
    // With a free slot after the preferred start inside its hours, it simply goes there.
    const opensLate = candidate(hours('14:30', '22:00'))
    expect(names(daysOf(applyEdit(trip(), { type: 'add', day: 1, place: opensLate }))[1]!)).toEqual(['sacre@9+1', 'marais@11+2', 'pantheon@14.5+2'])
    // No free time inside its hours at all: asked before it goes outside them.
    const shortHours = candidate(hours('10:00', '12:00'))
    const outside = applyEdit(trip(), { type: 'add', day: 0, place: shortHours })
    expect(outside.kind === 'confirm-start' && outside.question).toBe(
      'Panthéon is open 10:00–12:00, and this day has no free time inside those hours. Add it at 17:00 anyway?',
    )
    // Typical hours of its kind are no rule: the first free time, as before.
    expect(
      names(daysOf(applyEdit(trip(), { type: 'add', day: 0, place: candidate({ opening_hours: { open: '10:00', close: '12:00' }, hours_known: false }) }))[0]!),
    ).toContain('pantheon@17+2')
  })

  it('keeps an added place’s own hours on its date, so a later change outside them is said', () => {
    const added = daysOf(applyEdit(trip(), { type: 'add', day: 1, place: candidate({ opening_hours: { open: '14:30', close: '22:00' }, hours_known: true }) }))
    const moved = applyEdit(added, { type: 'move', from: { day: 1, index: 2 }, toDay: 1, start: 7 })
    expect(moved.kind === 'done' && moved.warning).toContain('Panthéon is open 14:30–22:00')
  })

  it('refuses a place of another city and a place without coordinates', () => {
    expect(applyEdit(trip(), { type: 'add', day: 2, place: candidate() })).toEqual({
      kind: 'refused',
      message: 'You cannot add an attraction from another city into this day.',
    })
    expect(applyEdit(trip(), { type: 'add', day: 0, place: candidate({ latitude: null, longitude: undefined }) })).toEqual({
      kind: 'refused',
      message: 'Missing coordinates. Please try a different place.',
    })
  })

  it('asks before shortening a visit to the time left before midnight, and shortens when the answer is yes', () => {
    const late = daysOf(applyEdit(trip(), { type: 'move', from: { day: 2, index: 0 }, toDay: 2, start: 20 }))
    const london = candidate({ id: 'eye', name: 'London Eye', city: 'London', latitude: 51.5033, longitude: -0.1196 })
    const asked = applyEdit(late, { type: 'add', day: 2, place: london, start: 20 })
    expect(asked).toMatchObject({ kind: 'confirm-shorter', minutes: 60 })
    expect(asked.kind === 'confirm-shorter' && asked.question).toContain('60 minutes')
    const shortened = daysOf(applyEdit(late, { type: 'add', day: 2, place: london, start: 20, acceptShorter: true }))
    expect(names(shortened[2]!)).toEqual(['museum@20+3', 'eye@23+1'])
  })

  it('refuses when less than half an hour is left: the day ends at midnight', () => {
    const late = daysOf(applyEdit(trip(), { type: 'move', from: { day: 2, index: 0 }, toDay: 2, start: 21 }))
    expect(applyEdit(late, { type: 'add', day: 2, place: candidate({ city: 'London' }), start: 21 })).toEqual({
      kind: 'refused',
      message: 'Cannot schedule attraction. Day ends at midnight.',
    })
  })
})

describe('travel times and undo', () => {
  it('recomputes each travel time from the previous place after a change', () => {
    const days = daysOf(applyEdit(trip(), { type: 'move', from: { day: 0, index: 0 }, toDay: 0, start: 18 }))
    const [first, second] = days[0]!.places
    expect(first!.travel_time_from_previous).toBe(0)
    expect(second!.travel_time_from_previous).toBe(legBetween(first!.coordinates, second!.coordinates).minutes)
    expect(second!.travel_time_from_previous).toBeGreaterThan(0)
  })

  it('keeps a snapshot before every change and restores the last one', () => {
    let state = startEditing(trip())
    expect(canUndo(state)).toBe(false)
    const before = state.days
    state = edit(state, { type: 'delete', at: { day: 0, index: 1 } }).state
    const afterDelete = state.days
    state = edit(state, { type: 'duration', at: { day: 1, index: 0 }, hours: 3 }).state
    const refusal = edit(state, { type: 'move', from: { day: 0, index: 0 }, toDay: 2, start: 10 })
    expect(refusal.state).toBe(state)
    state = undo(state)
    expect(state.days).toEqual(afterDelete)
    state = undo(state)
    expect(state.days).toEqual(before)
    expect(canUndo(state)).toBe(false)
  })
})

describe('checking a saved itinerary', () => {
  it('accepts a consistent itinerary and names the first problem of a broken one', () => {
    expect(itineraryProblem(trip())).toBeUndefined()
    const days = trip()
    const overlapping = [{ ...days[0]!, places: [...days[0]!.places, place('extra', 'Paris', 10.5, 1)] }]
    expect(itineraryProblem(overlapping)).toBe(EDIT_MESSAGES.overlap)
    expect(itineraryProblem([{ ...days[0]!, places: [place('late', 'Paris', 23, 1.5)] }])).toBe(EDIT_MESSAGES.pastMidnight)
    expect(itineraryProblem([{ ...days[2]!, places: [place('louvre', 'Paris', 10, 2)] }])).toBe(EDIT_MESSAGES.otherCity)
  })
})

// ---- properties --------------------------------------------------------------------------------------

const ref = fc.record({ day: fc.nat({ max: 3 }), index: fc.nat({ max: 6 }) })
const halfHours = (max: number) => fc.integer({ min: 0, max: max * 2 }).map((n) => n / 2)
const anyEdit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ type: fc.constant('move' as const), from: ref, toDay: fc.nat({ max: 3 }), start: fc.double({ min: 0, max: 24, noNaN: true }) }),
  fc.record({ type: fc.constant('duration' as const), at: ref, hours: fc.constantFrom(...DURATION_CHOICES) }),
  fc.record({ type: fc.constant('delete' as const), at: ref }),
  fc.record({ type: fc.constant('swap' as const), day: fc.nat({ max: 3 }), a: fc.nat({ max: 6 }), b: fc.nat({ max: 6 }) }),
  fc.record({ type: fc.constant('reorder' as const), day: fc.nat({ max: 3 }), from: fc.nat({ max: 6 }), to: fc.nat({ max: 6 }) }),
  fc.record({
    type: fc.constant('add' as const),
    day: fc.nat({ max: 3 }),
    place: fc.record({
      id: fc.string({ minLength: 1, maxLength: 6 }),
      name: fc.string({ maxLength: 10 }),
      city: fc.constantFrom('Paris', 'London', 'paris', 'Paris, Île-de-France, France'),
      latitude: fc.option(fc.double({ min: 48, max: 52, noNaN: true }), { nil: null }),
      longitude: fc.double({ min: -1, max: 3, noNaN: true }),
      opening_hours: fc.option(fc.record({ open: fc.constantFrom('08:00', '09:30', '14:00'), close: fc.constantFrom('12:00', '18:30', '24:00') }), {
        nil: undefined,
      }),
      hours_known: fc.boolean(),
    }),
    start: halfHours(23.5),
    acceptShorter: fc.boolean(),
    acceptStart: fc.boolean(),
  }),
)

function assertConsistent(days: readonly PlanDay[]) {
  for (const day of days) {
    for (const [k, p] of day.places.entries()) {
      expect(p.start_time * 2).toSatisfy(Number.isInteger)
      expect(p.visit_duration * 2).toSatisfy(Number.isInteger)
      expect(p.start_time).toBeGreaterThanOrEqual(0)
      expect(p.visit_duration).toBeGreaterThanOrEqual(0.5)
      expect(p.visit_duration).toBeLessThanOrEqual(6)
      expect(p.start_time + p.visit_duration).toBeLessThanOrEqual(24)
      const previous = day.places[k - 1]
      if (previous) {
        expect(p.start_time).toBeGreaterThanOrEqual(previous.start_time + previous.visit_duration)
        expect(p.travel_time_from_previous).toBe(legBetween(previous.coordinates, p.coordinates).minutes)
      } else {
        expect(p.travel_time_from_previous).toBe(0)
      }
    }
  }
  expect(itineraryProblem(days)).toBeUndefined()
}

const fourDays = (): PlanDay[] => [
  ...trip(),
  { day: 4, date: '2026-12-04', city: 'London', places: [place('tate', 'London', 8, 6, 1), place('eye', 'London', 20, 3.5, 2)] },
]

describe('any sequence of edits', () => {
  it('never overlaps two places, never ends after 24:00, keeps the grid and the travel estimate', () => {
    fc.assert(
      fc.property(fc.array(anyEdit, { maxLength: 40 }), (edits) => {
        let state = startEditing(fourDays())
        for (const change of edits) {
          state = edit(state, change).state
          assertConsistent(state.days)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('undo returns exactly the state before each change, back to the start', () => {
    fc.assert(
      fc.property(fc.array(anyEdit, { maxLength: 30 }), (edits) => {
        let state = startEditing(fourDays())
        const seen = [state.days]
        for (const change of edits) {
          const next = edit(state, change)
          if (next.outcome.kind === 'done') seen.push(next.state.days)
          else expect(next.state).toBe(state)
          state = next.state
        }
        for (let k = seen.length - 1; k > 0; k--) {
          expect(state.days).toEqual(seen[k])
          state = undo(state)
        }
        expect(state.days).toEqual(seen[0])
        expect(canUndo(state)).toBe(false)
      }),
      { numRuns: 200 },
    )
  })
})

describe('the lunch break', () => {
  const LUNCH = { kind: 'lunch', start: 12.5, end: 13.5 } as const
  /** Day 1 of the trip with lunch from 12:30 to 13:30, between the Louvre (10–12) and the Orsay (13:30). */
  const withLunch = (): PlanDay[] => {
    const [first, ...rest] = trip()
    const orsay = { ...first!.places[1]!, start_time: 13.5 }
    return normalizeDays([{ ...first!, places: [first!.places[0]!, orsay, first!.places[2]!], breaks: [LUNCH] }, ...rest])
  }

  it('is respected like a visit: a move into it asks first, and taking its time gives the break up', () => {
    const days = withLunch()
    const into: Edit = { type: 'move', from: { day: 1, index: 0 }, toDay: 0, start: 12 }
    const asked = applyEdit(days, into)
    expect(asked).toEqual({ kind: 'confirm-break', question: 'This runs into the lunch break of day 1 (12:30–13:30). Use its time?' })
    const taken = daysOf(applyEdit(days, { ...into, useBreakTime: true }))
    expect(taken[0]!.breaks).toBeUndefined()
    expect(names(taken[0]!)).toContain('sacre@12+1')
  })

  it('stays where it is when an edit leaves it free, and a deleted visit’s day is laid out around it', () => {
    const days = withLunch()
    const moved = daysOf(applyEdit(days, { type: 'move', from: { day: 1, index: 0 }, toDay: 0, start: 17 }))
    expect(moved[0]!.breaks).toEqual([LUNCH])
    const deleted = daysOf(applyEdit(days, { type: 'delete', at: { day: 0, index: 0 } }))
    expect(deleted[0]!.breaks).toEqual([LUNCH])
    for (const place of deleted[0]!.places) expect(place.start_time >= 13.5 || place.start_time + place.visit_duration <= 12.5).toBe(true)
  })

  it('is skipped by a place added from Explore, which takes the first free time after it', () => {
    const days = withLunch()
    const added = daysOf(applyEdit(days, { type: 'add', day: 0, place: candidate(), start: 12 }))
    const pantheon = added[0]!.places.find((p) => p.id === 'pantheon')!
    expect(pantheon.start_time).toBeGreaterThanOrEqual(13.5)
    expect(added[0]!.breaks).toEqual([LUNCH])
  })
})

describe('legs in the editor', () => {
  it('say whether each leg is walked or ridden, as the planner says it', () => {
    const days = normalizeDays(trip())
    for (const day of days) {
      for (const [k, p] of day.places.entries()) {
        if (k === 0) expect(p.travel_mode).toBeUndefined()
        else expect(p.travel_mode).toBe(legBetween(day.places[k - 1]!.coordinates, p.coordinates).mode)
      }
    }
  })
})
