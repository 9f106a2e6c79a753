import { describe, expect, it } from 'vitest'
import type { PlanDay } from './plan.ts'
import { shiftDate, tripEnd, withDatesFrom } from './trip-dates.ts'

describe('moving a trip to other dates', () => {
  it('counts calendar days, across months, years and the change to summer time', () => {
    expect(shiftDate('2027-01-30', 3)).toBe('2027-02-02')
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDate('2027-03-27', 2)).toBe('2027-03-29')
    expect(shiftDate('2027-01-14T00:00:00.000Z', 0)).toBe('2027-01-14')
    expect(shiftDate('soon', 1)).toBeUndefined()
    expect(tripEnd('2027-01-14', 5)).toBe('2027-01-18')
    expect(tripEnd('2027-01-14', 1)).toBe('2027-01-14')
  })

  it('gives each day the date as many days after the new start as before, places untouched', () => {
    const day = (n: number, date: string | null): PlanDay => ({ day: n, date, city: 'Lisbon', places: [] })
    const moved = withDatesFrom([day(1, '2027-01-14'), day(2, '2027-01-15'), day(3, '2027-01-16')], '2027-03-01')
    expect(moved.map((d) => d.date)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03'])
    expect(withDatesFrom([day(1, null)], '2027-03-01')[0]!.date).toBeNull()
  })
})
