import { describe, expect, it } from 'vitest'
import { placeGroup } from '../../places/visiting.ts'
import { applyVariety, heavyShare, isHeavy, mayJoin, repeatedGroups, tripLimit, type Day, type VarietyContext, type VisitTraits } from './variety.ts'

/** Visits by number: their traits, best score first in `unplanned`. A day holds at most `room` visits. */
function context(traits: Record<number, Partial<VisitTraits>>, unplanned: number[] = [], room = 5): VarietyContext {
  return {
    traits: (visit) => ({ group: undefined, heavy: false, score: 100 - visit, ...traits[visit] }),
    unplanned,
    insert: (_, sequence, visit) => (sequence.length < room ? [...sequence, visit] : undefined),
    fits: () => true,
  }
}

const spa = { group: 'baths and spas' } as const
const zoo = { group: 'zoos and aquariums' } as const
const heavy = { heavy: true } as const

describe('the rules', () => {
  it('groups baths, theme parks, zoos, wine cellars and churches, and counts long museums as heavy', () => {
    const group = (name: string, kind: Parameters<typeof placeGroup>[0]['kind']) => placeGroup({ name, kind })
    expect(group('Hammam de la Rose', 'landmark')).toBe('baths and spas')
    expect(group('Caldea', 'spa_wellness')).toBe('baths and spas')
    expect(group('PortAventura', 'theme_park')).toBe('theme parks')
    expect(group('Oceanário', 'zoo_aquarium')).toBe('zoos and aquariums')
    expect(group('Taylor’s Port Cellars', 'entertainment')).toBe('wine cellars')
    expect(group('Graham’s Port Lodge and Wine Cellars', 'landmark')).toBe('wine cellars')
    expect(group('Sé Cathedral', 'religious_site')).toBe('churches')
    expect(group('Louvre', 'museum')).toBeUndefined()
    expect(tripLimit('wine cellars', 2)).toBe(2)
    expect(tripLimit('churches', 3)).toBe(5)
    expect(isHeavy('museum', 120)).toBe(true)
    expect(isHeavy('museum', 90)).toBe(false)
    expect(isHeavy('park_garden', 180)).toBe(false)
  })

  it('lets a visit join a day only without a second of its group and within the heavy share', () => {
    const { traits } = context({ 1: spa, 2: spa, 3: zoo, 4: heavy, 5: heavy })
    expect(mayJoin([1], 2, traits, 1)).toBe(false)
    expect(mayJoin([1], 3, traits, 1)).toBe(true)
    expect(mayJoin([4], 5, traits, 1)).toBe(false)
    expect(mayJoin([4], 5, traits, 2)).toBe(true)
    expect(heavyShare([[4, 5], []], traits)).toBe(1)
    expect(heavyShare([[4, 5], [6]], traits)).toBe(1)
  })
})

describe('applyVariety', () => {
  it('moves a second spa of a day to a day without one', () => {
    const days = applyVariety(
      [
        [1, 2, 10],
        [11, 12],
      ],
      context({ 1: spa, 2: spa }),
    )
    expect(repeatedGroups(days, context({ 1: spa, 2: spa }).traits)).toEqual([[], []])
    expect(days.flat().sort((a, b) => a - b)).toEqual([1, 2, 10, 11, 12])
    // The better spa (lower number, higher score) stays where it was.
    expect(days[0]).toContain(1)
  })

  it('drops the second spa when no other day can take it, and fills the gap with the best place that keeps the rules', () => {
    const traits = { 1: spa, 2: spa, 3: spa, 20: spa }
    const days = applyVariety(
      [
        [1, 2],
        [3, 11],
      ],
      context(traits, [20, 21, 22], 2),
    )
    expect(days).toEqual([
      [1, 21],
      [3, 11],
    ])
  })

  it('spreads heavy visits over the days instead of stacking them', () => {
    const traits = { 1: heavy, 2: heavy, 3: heavy, 4: heavy }
    const days = applyVariety([[1, 2, 3, 4], [10]], context(traits))
    expect(days.map((day) => day.filter((visit) => visit <= 4).length)).toEqual([2, 2])
  })

  it('swaps a heavy visit for a light one when the other day is full', () => {
    const traits = { 1: heavy, 2: heavy, 3: heavy }
    const days = applyVariety(
      [
        [1, 2, 3],
        [10, 11, 12],
      ],
      context(traits, [], 3),
    )
    expect(days.map((day) => day.filter((visit) => visit <= 3).length).sort()).toEqual([1, 2])
    expect(days.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 10, 11, 12])
  })

  it('keeps heavy visits stacked rather than trade away a lighter sight that would find no time back', () => {
    // Heavy visits take 2 hours, the others 3 (a long walk through a quarter); a day holds 6 hours.
    const hours = (visit: number) => (visit <= 3 ? 2 : 3)
    const traits = { 1: heavy, 2: heavy, 3: heavy }
    const days = applyVariety(
      [
        [1, 2, 3],
        [10, 11],
      ],
      {
        ...context(traits),
        insert: (_, sequence, visit) => ([...sequence, visit].reduce((sum, other) => sum + hours(other), 0) <= 6 ? [...sequence, visit] : undefined),
      },
    )
    expect(days.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 10, 11])
  })

  it('changes nothing in days that keep the rules', () => {
    const solved: Day[] = [
      [1, 10, 2],
      [3, 11],
    ]
    expect(applyVariety(solved, context({ 1: spa, 3: spa, 2: heavy }))).toEqual(solved)
  })
})

describe('trip limits', () => {
  const cellar = { group: 'wine cellars' } as const
  const church = { group: 'churches' } as const

  it('keeps two wine cellars in a trip, not five, and refills the time with other places', () => {
    const traits = { 1: cellar, 2: cellar, 3: cellar, 4: cellar, 5: cellar }
    const days = applyVariety(
      [
        [1, 10, 2],
        [3, 11, 4, 5],
      ],
      context(traits, [20, 21, 22]),
    )
    // One a day, the best of each day's; the freed time takes the best places that keep the rules.
    expect(days.flat().filter((visit) => visit <= 5)).toEqual([1, 3])
    expect(days.flat().sort((a, b) => a - b)).toEqual([1, 3, 10, 11, 20, 21, 22])
  })

  it('keeps at most two churches a day', () => {
    const traits = { 1: church, 2: church, 3: church }
    const days = applyVariety([[1, 2, 3], [10]], context(traits))
    expect(days.map((day) => day.filter((visit) => visit <= 3).length)).toEqual([2, 1])
  })
})
