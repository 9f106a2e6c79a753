import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countsOf, daysPerCity, fewerDays, moreDays, roundRobinSplit } from './day-split.ts'
import { hasEnoughPlaces, notEnoughPlacesMessage, placesNeeded } from './rules.ts'
import type { PlanDay } from './plan.ts'

describe('per-city day counts', () => {
  it('splits evenly on the itinerary page, spreading the remainder round-robin from the first city', () => {
    expect(roundRobinSplit(7, 3)).toEqual([3, 2, 2])
    expect(roundRobinSplit(8, 3)).toEqual([3, 3, 2])
    expect(roundRobinSplit(3, 3)).toEqual([1, 1, 1])
  })

  it('takes a day for a city from the first other city that can spare one', () => {
    expect(moreDays([1, 3, 2], 0)).toEqual([2, 2, 2])
    expect(moreDays([2, 1, 2], 1)).toEqual([1, 2, 2])
    expect(moreDays([3, 1, 1], 0)).toEqual([3, 1, 1])
  })

  it('gives a day back to the first other city, never leaving a city below one day', () => {
    expect(fewerDays([3, 1], 0)).toEqual([2, 2])
    expect(fewerDays([2, 2], 1)).toEqual([3, 1])
    expect(fewerDays([1, 3], 0)).toEqual([1, 3])
  })

  it('does nothing with a single destination', () => {
    expect(moreDays([4], 0)).toEqual([4])
    expect(fewerDays([4], 0)).toEqual([4])
  })

  it('keeps the total and every city at one day or more, whatever the arrows pressed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.boolean(), fc.nat({ max: 4 }))),
        (start, presses) => {
          let counts = start
          for (const [up, city] of presses) if (city < counts.length) counts = up ? moreDays(counts, city) : fewerDays(counts, city)
          expect(counts.reduce((a, b) => a + b)).toBe(start.reduce((a, b) => a + b))
          expect(Math.min(...counts)).toBeGreaterThanOrEqual(1)
        },
      ),
    )
  })

  it('reads the counts off an itinerary and writes them as daysPerCity', () => {
    const day = (city: string): PlanDay => ({ day: 1, date: null, city, places: [] })
    const counts = countsOf([day('Paris'), day('Paris'), day('Rome')], ['Paris, Île-de-France, France', 'Rome'])
    expect(counts).toEqual([2, 1])
    expect(daysPerCity(['Paris', 'Rome'], counts)).toEqual({ Paris: 2, Rome: 1 })
  })
})

describe('enough places for a destination', () => {
  it('needs half the pace’s typical day for every day', () => {
    expect(placesNeeded(3, 'slow-paced')).toBe(6)
    expect(placesNeeded(3, 'moderate')).toBe(9)
    expect(placesNeeded(3, 'fast-paced')).toBe(12)
    expect(hasEnoughPlaces(9, 3, 'moderate')).toBe(true)
    expect(hasEnoughPlaces(8, 3, 'moderate')).toBe(false)
  })

  it('tells the traveller what to do about it', () => {
    expect(notEnoughPlacesMessage('Lisbon', 1)).toBe(
      'There are not enough attractions in Lisbon to fill 1 day. Give Lisbon fewer days or choose another destination.',
    )
  })
})
