import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KINDS, THEMES, type Attraction } from '../../places/domain.ts'
import { PACE_SETTINGS, PACES, type Pace } from './pace.ts'
import { testAttraction } from './test-catalog.ts'
import { planCity, type CityPlanRequest, type LockedVisit, type PlannedDay } from './plan-city.ts'

const plannedVisits = (request: CityPlanRequest) => planCity(request).map((day) => day.visits)

const attraction = testAttraction

const city = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    attraction(i, KINDS[i % KINDS.length]!, 48.85 + Math.sin(i) * 0.04, 2.35 + Math.cos(i * 1.3) * 0.06, 1 - i / (count + 1)),
  )

const request = (attractions: readonly Attraction[], days: number, pace: Pace): CityPlanRequest => ({
  attractions,
  days,
  pace: PACE_SETTINGS[pace],
  themes: ['tourist-attractions', 'cultural-historical'],
})

const lockOf = (plan: readonly PlannedDay[], day: number, index: number): LockedVisit => {
  const visit = plan[day]![index]!
  return { day, start: visit.start, visitMinutes: visit.visitMinutes, attraction: visit.attraction }
}

/** What the traveller would notice going wrong after a re-plan: a lock moved or lost, a deleted place back, a place twice, two visits at once. */
function broken(plan: readonly PlannedDay[], locks: readonly LockedVisit[], deleted: readonly string[]): string[] {
  const found: string[] = []
  for (const lock of locks) {
    const kept = plan[lock.day]?.find((visit) => visit.attraction.id === lock.attraction.id)
    if (!kept) found.push(`${lock.attraction.id} is no longer on day ${lock.day + 1}`)
    else if (kept.start !== lock.start || kept.visitMinutes !== lock.visitMinutes || !kept.locked) found.push(`${lock.attraction.id} moved`)
  }
  const ids = plan.flatMap((day) => day.map((visit) => visit.attraction.id))
  for (const id of deleted) if (ids.includes(id)) found.push(`deleted ${id} is back`)
  if (new Set(ids).size !== ids.length) found.push('a place is planned twice')
  for (const [d, day] of plan.entries()) {
    const sorted = [...day].sort((a, b) => a.start - b.start)
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k]!.start < sorted[k - 1]!.start + sorted[k - 1]!.visitMinutes) found.push(`day ${d + 1}: two visits overlap`)
    }
  }
  return found
}

describe('re-planning a city around locked visits', () => {
  it('keeps two locked visits on their day and time when the pace changes, and leaves a deleted place out', () => {
    const places = city(40)
    const before = plannedVisits(request(places, 3, 'moderate'))
    const locks = [lockOf(before, 0, 1), lockOf(before, 2, 0)]
    const deleted = before[1]!.slice(0, 2).map((visit) => visit.attraction.id)
    for (const pace of ['slow-paced', 'fast-paced'] as const) {
      const after = plannedVisits({
        ...request(places, 3, pace),
        locked: locks,
        excluded: deleted,
        previous: before.map((day) => day.map((visit) => visit.attraction.id)),
      })
      expect(broken(after, locks, deleted)).toEqual([])
      expect(after.flat().length).toBeGreaterThan(locks.length)
    }
  })

  it('changes as little as it must: locking places where they are moves no other place to another day and leaves none out', () => {
    const places = city(60)
    const before = plannedVisits(request(places, 5, 'moderate'))
    const locks = [lockOf(before, 0, 0), lockOf(before, 2, 1), lockOf(before, 4, 0)]
    const after = plannedVisits({
      ...request(places, 5, 'moderate'),
      locked: locks,
      previous: before.map((day) =>
        day.filter((visit) => !locks.some((lock) => lock.attraction.id === visit.attraction.id)).map((visit) => visit.attraction.id),
      ),
    })
    expect(broken(after, locks, [])).toEqual([])
    const dayOf = (plan: readonly PlannedDay[]) => new Map(plan.flatMap((day, d) => day.map((visit) => [visit.attraction.id, d] as const)))
    expect(dayOf(after)).toEqual(dayOf(before))
  })

  it('keeps a locked visit the traveller put outside the new pace’s day', () => {
    const places = city(30)
    const before = plannedVisits(request(places, 2, 'fast-paced'))
    const late: LockedVisit = { day: 1, start: 20 * 60, visitMinutes: 90, attraction: places[5]! }
    const after = plannedVisits({ ...request(places, 2, 'slow-paced'), locked: [late] })
    expect(broken(after, [late], [])).toEqual([])
    expect(before.length).toBe(2)
  })

  it('keeps back-to-back locks even where the travel estimate between them would not fit', () => {
    const places = city(30)
    const first: LockedVisit = { day: 0, start: 10 * 60, visitMinutes: 60, attraction: places[0]! }
    const second: LockedVisit = { day: 0, start: 11 * 60, visitMinutes: 60, attraction: places[29]! }
    const after = plannedVisits({ ...request(places, 1, 'slow-paced'), locked: [first, second] })
    expect(broken(after, [first, second], [])).toEqual([])
  })

  it('never moves a locked visit and never brings back a deleted place, whatever the plan, locks and pace (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 45 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...PACES),
        fc.constantFrom(...PACES),
        fc.uniqueArray(fc.constantFrom(...THEMES), { minLength: 1, maxLength: 3 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (count, days, pace, newPace, themes, coins) => {
          const places = city(count)
          const before = plannedVisits({ ...request(places, days, pace), themes })
          const locks: LockedVisit[] = []
          const deleted: string[] = []
          for (const [d, day] of before.entries()) {
            for (const [k] of day.entries()) {
              const coin = coins.next().value
              if (coin < 0.3 && locks.length < 10) locks.push(lockOf(before, d, k))
              else if (coin > 0.8) deleted.push(day[k]!.attraction.id)
            }
          }
          const after = plannedVisits({
            ...request(places, days, newPace),
            themes,
            locked: locks,
            excluded: deleted,
            previous: before.map((day) => day.map((visit) => visit.attraction.id)),
          })
          expect(broken(after, locks, deleted)).toEqual([])
        },
      ),
      { numRuns: 60 },
    )
  })
})
