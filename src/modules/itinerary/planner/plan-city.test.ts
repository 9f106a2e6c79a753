import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KINDS, THEMES, type Attraction, type Theme } from '../../places/domain.ts'
import { PACE_SETTINGS, PACES, SLOT_MINUTES, paceVisitMinutes } from './pace.ts'
import { testAttraction } from './test-catalog.ts'
import { dayWindow, planCity, travelMinutes, type PlannedDay } from './plan-city.ts'
import { placeGroup } from '../../places/visiting.ts'
import { visitingWindow } from './time-of-day.ts'
import { dayLimit, isHeavy, tripLimit } from './variety.ts'

const attraction = testAttraction

const cityArbitrary = fc
  .array(
    fc.record({
      kind: fc.constantFrom(...KINDS),
      dLat: fc.double({ min: -0.08, max: 0.08, noNaN: true }),
      dLon: fc.double({ min: -0.12, max: 0.12, noNaN: true }),
      popularity: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { minLength: 1, maxLength: 45 },
  )
  .map((places) => places.map((p, i) => attraction(i, p.kind, 48.85 + p.dLat, 2.35 + p.dLon, p.popularity)))

const requestArbitrary = fc.record({
  attractions: cityArbitrary,
  days: fc.integer({ min: 1, max: 4 }),
  pace: fc.constantFrom(...PACES),
  themes: fc.uniqueArray(fc.constantFrom(...THEMES), { minLength: 1, maxLength: 3 }),
})

/** Every rule a planned day must keep, checked from scratch. */
function problems(days: readonly PlannedDay[], pace: (typeof PACES)[number], themes: readonly Theme[]): string[] {
  const found: string[] = []
  const window = dayWindow(PACE_SETTINGS[pace], themes)
  const seen = new Set<string>()
  for (const [d, day] of days.entries()) {
    for (const [i, visit] of day.entries()) {
      const at = `day ${d + 1} visit ${i + 1}`
      const end = visit.start + visit.visitMinutes
      if (visit.start % SLOT_MINUTES !== 0) found.push(`${at} starts off the half-hour grid`)
      if (visit.visitMinutes % SLOT_MINUTES !== 0 || visit.visitMinutes < 30 || visit.visitMinutes > 360) found.push(`${at} has a bad duration`)
      if (visit.start < visit.attraction.opensAt || end > visit.attraction.closesAt) found.push(`${at} is outside opening hours`)
      if (visit.start < window.start || end > window.end || end > 24 * 60) found.push(`${at} is outside the day`)
      if (seen.has(visit.attraction.id)) found.push(`${at} repeats a place`)
      seen.add(visit.attraction.id)
      const previous = day[i - 1]
      if (previous) {
        const ready = previous.start + previous.visitMinutes + travelMinutes(previous.attraction, visit.attraction) + PACE_SETTINGS[pace].pauseMinutes
        // A millionth of a minute is float noise in the distance, not an overlap anyone could notice.
        if (visit.start < ready - 1e-6) found.push(`${at} overlaps the previous visit or the way there`)
        if (visit.travelMinutes !== Math.round(travelMinutes(previous.attraction, visit.attraction))) found.push(`${at} reports a wrong travel time`)
      } else if (visit.travelMinutes !== 0) found.push(`${at} is first but has travel time`)
    }
  }
  return found
}

describe('planCity', () => {
  it('plans only feasible days: opening hours, the day window, half-hour starts, no overlaps, nothing past midnight, no place twice', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        const days = planCity({ ...request, pace: PACE_SETTINGS[request.pace] })
        expect(days).toHaveLength(request.days)
        expect(problems(days, request.pace, request.themes)).toEqual([])
      }),
      { numRuns: 150 },
    )
  })

  it('gives the same plan for the same input', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        const plan = (r: typeof request) => planCity({ ...r, pace: PACE_SETTINGS[r.pace] }).map((day) => day.map((v) => [v.attraction.id, v.start]))
        expect(plan(request)).toEqual(plan(structuredClone(request)))
      }),
      { numRuns: 40 },
    )
  })

  it('prefers places that match the chosen themes', () => {
    const museums = Array.from({ length: 8 }, (_, i) => attraction(i, 'museum', 48.85 + i * 0.002, 2.35, 0.3))
    const parks = Array.from({ length: 8 }, (_, i) => attraction(100 + i, 'park_garden', 48.85, 2.35 + i * 0.002, 0.3))
    const [day] = planCity({ attractions: [...museums, ...parks], days: 1, pace: PACE_SETTINGS['slow-paced'], themes: ['relax-wellness'] })
    expect(day!.length).toBeGreaterThan(0)
    expect(day!.every((visit) => visit.attraction.kind === 'park_garden')).toBe(true)
  })

  it('keeps a slow day lighter than a fast one', () => {
    const places = Array.from({ length: 40 }, (_, i) => attraction(i, 'landmark', 48.85 + (i % 7) * 0.003, 2.35 + Math.floor(i / 7) * 0.003, 0.5))
    const count = (pace: (typeof PACES)[number]) =>
      planCity({ attractions: places, days: 1, pace: PACE_SETTINGS[pace], themes: ['tourist-attractions'] })[0]!.length
    expect(count('slow-paced')).toBeLessThan(count('moderate'))
    expect(count('moderate')).toBeLessThan(count('fast-paced'))
  })

  it('spreads a small city evenly over its days instead of packing a few of them', () => {
    const few = Array.from({ length: 10 }, (_, i) => attraction(i, 'landmark', 48.85 + i * 0.001, 2.35, 0.5))
    const days = planCity({ attractions: few, days: 5, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    expect(days.map((day) => day.length)).toEqual([2, 2, 2, 2, 2])
  })

  it('orders each day for the least travel among the orders that keep every rule', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        const pace = PACE_SETTINGS[request.pace]
        const window = dayWindow(pace, request.themes)
        for (const day of planCity({ ...request, pace })) {
          if (day.length > 6) continue
          const places = day.map((visit) => visit.attraction)
          const travel = (order: readonly Attraction[]) => order.reduce((sum, place, k) => (k > 0 ? sum + travelMinutes(order[k - 1]!, place) : sum), 0)
          const feasible = (order: readonly Attraction[]) => {
            let ready = window.start
            for (const [k, place] of order.entries()) {
              if (k > 0) ready += Math.ceil((travelMinutes(order[k - 1]!, place) + pace.pauseMinutes) / SLOT_MINUTES - 1e-9) * SLOT_MINUTES
              const part = visitingWindow(place.kind, pace, request.themes)
              const start = Math.max(ready, Math.ceil(Math.max(place.opensAt, window.start, part.start) / SLOT_MINUTES) * SLOT_MINUTES)
              ready = start + paceVisitMinutes(place.visitMinutes, pace)
              if (ready > Math.min(place.closesAt, window.end, part.end)) return false
            }
            return true
          }
          const planned = travel(places)
          for (const order of allOrders(places)) {
            if (feasible(order)) expect(travel(order)).toBeGreaterThanOrEqual(planned - 1e-6)
          }
        }
      }),
      { numRuns: 60 },
    )
  })
})

describe('planCity: variety and one sight once', () => {
  const onceADayCity = fc
    .array(
      fc.record({
        kind: fc.constantFrom('spa_wellness', 'zoo_aquarium', 'theme_park', 'museum', 'park_garden', 'landmark', 'religious_site' as const),
        dLat: fc.double({ min: -0.03, max: 0.03, noNaN: true }),
        dLon: fc.double({ min: -0.04, max: 0.04, noNaN: true }),
        popularity: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { minLength: 1, maxLength: 40 },
    )
    .map((places) => places.map((p, i) => attraction(i, p.kind, 48.85 + p.dLat, 2.35 + p.dLon, p.popularity)))

  it('never plans more of a group in a day or a trip than its limits, and keeps every day feasible', () => {
    fc.assert(
      fc.property(
        fc.record({
          attractions: onceADayCity,
          days: fc.integer({ min: 1, max: 4 }),
          pace: fc.constantFrom(...PACES),
          themes: fc.constantFrom<Theme[]>(['relax-wellness'], ['family-kid-friendly', 'adventure-thrill'], ['relax-wellness', 'family-kid-friendly']),
        }),
        (request) => {
          const days = planCity({ ...request, pace: PACE_SETTINGS[request.pace] })
          const inTrip = new Map<string, number>()
          for (const day of days) {
            const inDay = new Map<string, number>()
            for (const visit of day) {
              const group = placeGroup(visit.attraction)
              if (!group) continue
              inDay.set(group, (inDay.get(group) ?? 0) + 1)
              inTrip.set(group, (inTrip.get(group) ?? 0) + 1)
              expect(inDay.get(group)).toBeLessThanOrEqual(dayLimit(group))
            }
          }
          for (const [group, count] of inTrip) expect(count).toBeLessThanOrEqual(tripLimit(group as Parameters<typeof tripLimit>[0], days.length))
          expect(problems(days, request.pace, request.themes)).toEqual([])
        },
      ),
      { numRuns: 120 },
    )
  })

  it('fills a day a second spa would have taken with another place', () => {
    const spas = Array.from({ length: 4 }, (_, i) => attraction(i, 'spa_wellness', 48.85 + i * 0.001, 2.35, 0.9))
    const parks = Array.from({ length: 4 }, (_, i) => attraction(10 + i, 'park_garden', 48.85, 2.35 + i * 0.001, 0.2))
    const [day] = planCity({ attractions: [...spas, ...parks], days: 1, pace: PACE_SETTINGS.moderate, themes: ['relax-wellness'] })
    expect(day!.filter((visit) => visit.attraction.kind === 'spa_wellness')).toHaveLength(1)
    expect(day!.length).toBeGreaterThan(1)
  })

  it('spreads long museum visits over the days rather than stacking them on one', () => {
    const museums = Array.from({ length: 4 }, (_, i) => attraction(i, 'museum', 48.85 + i * 0.001, 2.35, 0.9))
    const sights = Array.from({ length: 8 }, (_, i) => attraction(10 + i, 'landmark', 48.85, 2.35 + i * 0.001, 0.3))
    const days = planCity({
      attractions: [...museums, ...sights],
      days: 2,
      pace: PACE_SETTINGS.moderate,
      themes: ['cultural-historical', 'tourist-attractions'],
    })
    const heavyPerDay = days.map((day) => day.filter((visit) => isHeavy(visit.attraction.kind, visit.visitMinutes)).length)
    expect(heavyPerDay.reduce((sum, n) => sum + n, 0)).toBe(4)
    expect(heavyPerDay).toEqual([2, 2])
  })

  it('plans one sight once even when the list has it under two names', () => {
    const louvre = { ...attraction(1, 'museum', 48.8606, 2.3376, 0.95), name: 'Musée du Louvre' }
    const again = { ...attraction(2, 'museum', 48.8609, 2.3372, 0.9), name: 'Louvre Museum', aliases: ['Лувр'] }
    const others = Array.from({ length: 6 }, (_, i) => attraction(10 + i, 'landmark', 48.86, 2.34 + i * 0.002, 0.3))
    const days = planCity({ attractions: [louvre, again, ...others], days: 2, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical'] })
    const ids = days.flat().map((visit) => visit.attraction.id)
    expect(ids).toContain('p1')
    expect(ids).not.toContain('p2')
  })
})

function allOrders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  return items.flatMap((item, i) => allOrders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))
}

describe('planCity: the time of day', () => {
  const city = [
    ...Array.from({ length: 10 }, (_, i) => attraction(i, i % 2 ? 'monument' : 'landmark', 48.85 + i * 0.002, 2.35, 0.6)),
    ...Array.from({ length: 3 }, (_, i) => attraction(20 + i, 'viewpoint', 48.85, 2.35 + i * 0.002, 0.5)),
    ...Array.from({ length: 4 }, (_, i) => attraction(30 + i, 'nightlife', 48.851, 2.351 + i * 0.002, 0.7)),
    ...Array.from({ length: 4 }, (_, i) => attraction(40 + i, 'entertainment', 48.852, 2.352 + i * 0.002, 0.7)),
  ]

  it('keeps daytime sights in the day and evening places after dinner, with the Nightlife theme', () => {
    const pace = PACE_SETTINGS.moderate
    const days = planCity({ attractions: city, days: 2, pace, themes: ['tourist-attractions', 'nightlife-entertainment'] })
    const visits = days.flat()
    expect(visits.some((visit) => visit.attraction.kind === 'nightlife' || visit.attraction.kind === 'entertainment')).toBe(true)
    for (const visit of visits) {
      const kind = visit.attraction.kind
      if (kind === 'nightlife' || kind === 'entertainment') expect(visit.start).toBeGreaterThanOrEqual(20 * 60)
      else if (kind !== 'viewpoint') expect(visit.start + visit.visitMinutes).toBeLessThanOrEqual(pace.dayEnd)
    }
  })

  it('plans no evening place in a day without the Nightlife theme, dinner shows included whatever their kind', () => {
    const show = { ...attraction(60, 'landmark', 48.85, 2.35, 1), name: 'Chez Ali Fantasia' }
    const days = planCity({ attractions: [...city, show], days: 2, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    expect(days.flat().filter((visit) => visit.attraction.kind === 'nightlife' || visit.attraction.kind === 'entertainment')).toEqual([])
    expect(days.flat().map((visit) => visit.attraction.name)).not.toContain('Chez Ali Fantasia')
  })

  it('plans no listing that is not a sight, and one famous sight before several minor ones', () => {
    const playground = { ...attraction(50, 'park_garden', 48.85, 2.35, 0.9), name: 'Kinderspielplatz am See' }
    const famous = { ...attraction(51, 'museum', 48.853, 2.35, 1), visitMinutes: 180, opensAt: 9 * 60, closesAt: 18 * 60 }
    const churches = Array.from({ length: 12 }, (_, i) => ({ ...attraction(60 + i, 'religious_site', 48.8531 + i * 0.0005, 2.3502, 0.3), visitMinutes: 60 }))
    const [day] = planCity({ attractions: [playground, famous, ...churches], days: 1, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical'] })
    const ids = day!.map((visit) => visit.attraction.id)
    expect(ids).not.toContain('p50')
    expect(ids).toContain('p51')
  })

  it('plans the places of a listing of many, not the listing ("Historic Monuments of Ancient Kyoto (Kyoto, Uji and Otsu Cities)")', () => {
    const listing = { ...attraction(52, 'historic_site', 48.8532, 2.3501, 1), name: 'Historic Monuments of Ancient Kyoto (Kyoto, Uji and Otsu Cities)' }
    const works = { ...attraction(53, 'landmark', 48.8534, 2.3503, 1), name: 'Works of Antoni Gaudí' }
    const oldTown = { ...attraction(54, 'landmark', 48.8536, 2.3505, 0.95), name: 'Old Town of Lijiang', visitMinutes: 60 }
    const [day] = planCity({ attractions: [listing, works, oldTown, ...city], days: 1, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical'] })
    const planned = day!.map((visit) => visit.attraction)
    expect(planned.map((place) => place.id)).not.toContain('p52')
    expect(planned.map((place) => place.id)).not.toContain('p53')
    // An old town is one place to walk through.
    expect(planned.map((place) => place.id)).toContain('p54')
  })
})
