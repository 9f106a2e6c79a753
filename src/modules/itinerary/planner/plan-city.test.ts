import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KINDS, THEMES, type Attraction, type Theme } from '../../places/domain.ts'
import { PACE_SETTINGS, PACES, SLOT_MINUTES, paceVisitMinutes } from './pace.ts'
import { testAttraction } from './test-catalog.ts'
import { dayWindow, planCity, travelMinutes, type CityPlanRequest, type DayPlan } from './plan-city.ts'
import { DAY_AT_A_SITE_MINUTES, LUNCH_EARLIEST, LUNCH_LATEST_END, LUNCH_MINUTES } from './breaks.ts'

const plannedVisits = (request: CityPlanRequest) => planCity(request).map((day) => day.visits)
import { placeGroup } from '../../places/visiting.ts'
import { isEveningKind, visitedAs, visitingWindow } from './time-of-day.ts'
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
function problems(days: readonly DayPlan[], pace: (typeof PACES)[number], themes: readonly Theme[]): string[] {
  const found: string[] = []
  const window = dayWindow(PACE_SETTINGS[pace], themes)
  const seen = new Set<string>()
  for (const [d, { visits: day, breaks }] of days.entries()) {
    const lunch = breaks?.find((pause) => pause.kind === 'lunch')?.start
    const first = day[0]
    const last = day.at(-1)
    const throughMidday = first && last && first.start < LUNCH_EARLIEST && last.start + last.visitMinutes > LUNCH_LATEST_END
    const atOneSite = day.some((visit) => visit.visitMinutes >= DAY_AT_A_SITE_MINUTES)
    if (throughMidday && !atOneSite && lunch === undefined) found.push(`day ${d + 1} runs through midday without lunch`)
    if (lunch !== undefined && (lunch < LUNCH_EARLIEST || lunch + LUNCH_MINUTES > LUNCH_LATEST_END)) found.push(`day ${d + 1} has lunch at ${lunch}`)
    const evening = day.find((visit) => isEveningKind(visitedAs(visit.attraction)))
    const dinner = breaks?.find((pause) => pause.kind === 'dinner')
    if (evening && !(dinner && dinner.start + dinner.minutes <= evening.start)) found.push(`day ${d + 1} has an evening without a dinner break before it`)
    for (const pause of breaks ?? []) {
      if (pause.start % SLOT_MINUTES !== 0) found.push(`day ${d + 1}: ${pause.kind} off the grid`)
      for (const visit of day)
        if (visit.start < pause.start + pause.minutes && pause.start < visit.start + visit.visitMinutes)
          found.push(`day ${d + 1}: ${pause.kind} overlaps a visit`)
    }
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
        const breaksBetween = (breaks ?? [])
          .filter((pause) => pause.start >= previous.start + previous.visitMinutes && pause.start < visit.start)
          .reduce((sum, pause) => sum + pause.minutes, 0)
        const ready =
          previous.start + previous.visitMinutes + breaksBetween + travelMinutes(previous.attraction, visit.attraction) + PACE_SETTINGS[pace].pauseMinutes
        // A millionth of a minute is float noise in the distance, not an overlap anyone could notice.
        if (visit.start < ready - 1e-6) found.push(`${at} overlaps the previous visit or the way there`)
        if (visit.travelMinutes !== Math.round(travelMinutes(previous.attraction, visit.attraction))) found.push(`${at} reports a wrong travel time`)
      } else if (visit.travelMinutes !== 0) found.push(`${at} is first but has travel time`)
    }
  }
  return found
}

describe('planCity', () => {
  it('plans only feasible days: opening hours, the day window, half-hour starts, no overlaps, nothing past midnight, no place twice, lunch on every day out at midday, dinner before every evening', () => {
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
        const plan = (r: typeof request) => plannedVisits({ ...r, pace: PACE_SETTINGS[r.pace] }).map((day) => day.map((v) => [v.attraction.id, v.start]))
        expect(plan(request)).toEqual(plan(structuredClone(request)))
      }),
      { numRuns: 40 },
    )
  })

  it('prefers places that match the chosen themes', () => {
    const museums = Array.from({ length: 8 }, (_, i) => attraction(i, 'museum', 48.85 + i * 0.002, 2.35, 0.3))
    const parks = Array.from({ length: 8 }, (_, i) => attraction(100 + i, 'park_garden', 48.85, 2.35 + i * 0.002, 0.3))
    const [day] = plannedVisits({ attractions: [...museums, ...parks], days: 1, pace: PACE_SETTINGS['slow-paced'], themes: ['relax-wellness'] })
    expect(day!.length).toBeGreaterThan(0)
    expect(day!.every((visit) => visit.attraction.kind === 'park_garden')).toBe(true)
  })

  it('keeps a slow day lighter than a fast one', () => {
    const places = Array.from({ length: 40 }, (_, i) => attraction(i, 'landmark', 48.85 + (i % 7) * 0.003, 2.35 + Math.floor(i / 7) * 0.003, 0.5))
    const count = (pace: (typeof PACES)[number]) =>
      plannedVisits({ attractions: places, days: 1, pace: PACE_SETTINGS[pace], themes: ['tourist-attractions'] })[0]!.length
    expect(count('slow-paced')).toBeLessThan(count('moderate'))
    expect(count('moderate')).toBeLessThan(count('fast-paced'))
  })

  it('spreads a small city evenly over its days instead of packing a few of them', () => {
    const few = Array.from({ length: 10 }, (_, i) => attraction(i, 'landmark', 48.85 + i * 0.001, 2.35, 0.5))
    const days = plannedVisits({ attractions: few, days: 5, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    expect(days.map((day) => day.length)).toEqual([2, 2, 2, 2, 2])
  })

  it('orders each day for the least travel among the orders that keep every rule, out from the base and back included', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        const pace = PACE_SETTINGS[request.pace]
        const window = dayWindow(pace, request.themes)
        const base = { latitude: 48.86, longitude: 2.34 }
        const slots = (minutes: number) => Math.ceil(minutes / SLOT_MINUTES - 1e-9) * SLOT_MINUTES
        for (const day of plannedVisits({ ...request, pace, base })) {
          if (day.length === 0 || day.length > 6) continue
          const places = day.map((visit) => visit.attraction)
          const travel = (order: readonly Attraction[]) =>
            order.reduce((sum, place, k) => sum + travelMinutes(k > 0 ? order[k - 1]! : base, place), 0) + travelMinutes(order.at(-1)!, base)
          // The day leaves the base half an hour before the pace's day and is back at most half an hour after it,
          // with lunch (an hour between 12:00 and 14:30) when it is out before noon and after 14:30 (breaks.ts).
          const run = (order: readonly Attraction[], lunchBefore?: number) => {
            let ready = window.start - SLOT_MINUTES
            let first = 0
            const lunch = () => {
              ready = Math.max(ready, LUNCH_EARLIEST) + LUNCH_MINUTES
              return ready <= LUNCH_LATEST_END
            }
            for (const [k, place] of order.entries()) {
              if (k === 0) ready += slots(travelMinutes(base, place))
              if (k === lunchBefore && !lunch()) return undefined
              if (k > 0) ready += slots(travelMinutes(order[k - 1]!, place) + pace.pauseMinutes)
              const part = visitingWindow(place.kind, pace, request.themes)
              const start = Math.max(ready, Math.ceil(Math.max(place.opensAt, window.start, part.start) / SLOT_MINUTES) * SLOT_MINUTES)
              if (k === 0) first = start
              ready = start + paceVisitMinutes(place.visitMinutes, pace)
              if (ready > Math.min(place.closesAt, window.end, part.end)) return undefined
            }
            const last = ready
            if (lunchBefore === order.length && !lunch()) return undefined
            return ready + slots(travelMinutes(order.at(-1)!, base)) <= window.end + SLOT_MINUTES ? { first, last } : undefined
          }
          const feasible = (order: readonly Attraction[]) => {
            const plain = run(order)
            if (!plain) return false
            if (plain.first >= LUNCH_EARLIEST || plain.last <= LUNCH_LATEST_END) return true
            return Array.from({ length: order.length + 1 }, (_, k) => k).some((k) => run(order, k) !== undefined)
          }
          const planned = travel(places)
          for (const order of allOrders(places)) {
            // Within half a minute: a shorter order is not worth taking for less (day-order.ts).
            if (feasible(order)) expect(travel(order)).toBeGreaterThanOrEqual(planned - 0.5)
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
          const plan = planCity({ ...request, pace: PACE_SETTINGS[request.pace] })
          const days = plan.map((day) => day.visits)
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
          expect(problems(plan, request.pace, request.themes)).toEqual([])
        },
      ),
      { numRuns: 120 },
    )
  })

  it('fills a day a second spa would have taken with another place', () => {
    const spas = Array.from({ length: 4 }, (_, i) => attraction(i, 'spa_wellness', 48.85 + i * 0.001, 2.35, 0.9))
    const parks = Array.from({ length: 4 }, (_, i) => attraction(10 + i, 'park_garden', 48.85, 2.35 + i * 0.001, 0.2))
    const [day] = plannedVisits({ attractions: [...spas, ...parks], days: 1, pace: PACE_SETTINGS.moderate, themes: ['relax-wellness'] })
    expect(day!.filter((visit) => visit.attraction.kind === 'spa_wellness')).toHaveLength(1)
    expect(day!.length).toBeGreaterThan(1)
  })

  it('spreads long museum visits over the days rather than stacking them on one', () => {
    const museums = Array.from({ length: 4 }, (_, i) => attraction(i, 'museum', 48.85 + i * 0.001, 2.35, 0.9))
    const sights = Array.from({ length: 8 }, (_, i) => attraction(10 + i, 'landmark', 48.85, 2.35 + i * 0.001, 0.3))
    const days = plannedVisits({
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
    const days = plannedVisits({ attractions: [louvre, again, ...others], days: 2, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical'] })
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
    const days = plannedVisits({ attractions: city, days: 2, pace, themes: ['tourist-attractions', 'nightlife-entertainment'] })
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
    const days = plannedVisits({ attractions: [...city, show], days: 2, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    expect(days.flat().filter((visit) => visit.attraction.kind === 'nightlife' || visit.attraction.kind === 'entertainment')).toEqual([])
    expect(days.flat().map((visit) => visit.attraction.name)).not.toContain('Chez Ali Fantasia')
  })

  it('plans no listing that is not a sight, and one famous sight before several minor ones', () => {
    const playground = { ...attraction(50, 'park_garden', 48.85, 2.35, 0.9), name: 'Kinderspielplatz am See' }
    const famous = { ...attraction(51, 'museum', 48.853, 2.35, 1), visitMinutes: 180, opensAt: 9 * 60, closesAt: 18 * 60 }
    const churches = Array.from({ length: 12 }, (_, i) => ({ ...attraction(60 + i, 'religious_site', 48.8531 + i * 0.0005, 2.3502, 0.3), visitMinutes: 60 }))
    const [day] = plannedVisits({ attractions: [playground, famous, ...churches], days: 1, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical'] })
    const ids = day!.map((visit) => visit.attraction.id)
    expect(ids).not.toContain('p50')
    expect(ids).toContain('p51')
  })

  it('plans the places of a listing of many, not the listing ("Historic Monuments of Ancient Kyoto (Kyoto, Uji and Otsu Cities)")', () => {
    const listing = { ...attraction(52, 'historic_site', 48.8532, 2.3501, 1), name: 'Historic Monuments of Ancient Kyoto (Kyoto, Uji and Otsu Cities)' }
    const works = { ...attraction(53, 'landmark', 48.8534, 2.3503, 1), name: 'Works of Antoni Gaudí' }
    const oldTown = { ...attraction(54, 'landmark', 48.8536, 2.3505, 0.95), name: 'Old Town of Lijiang', visitMinutes: 60 }
    const [day] = plannedVisits({ attractions: [listing, works, oldTown, ...city], days: 1, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical'] })
    const planned = day!.map((visit) => visit.attraction)
    expect(planned.map((place) => place.id)).not.toContain('p52')
    expect(planned.map((place) => place.id)).not.toContain('p53')
    // An old town is one place to walk through.
    expect(planned.map((place) => place.id)).toContain('p54')
  })
})

describe('planCity: days by neighbourhood', () => {
  // Three quarters 3 km apart, five sights each a few hundred metres from one another, popularity mixed so
  // that the best places are not all in one quarter.
  const quarters = [
    { latitude: 48.85, longitude: 2.3 },
    { latitude: 48.877, longitude: 2.3 },
    { latitude: 48.85, longitude: 2.341 },
  ]
  const kinds = ['museum', 'religious_site', 'historic_site', 'monument', 'gallery'] as const
  const city = quarters.flatMap((quarter, q) =>
    kinds.map((kind, k) =>
      attraction(q * 5 + k, kind, quarter.latitude + (k % 3) * 0.0012, quarter.longitude + Math.floor(k / 3) * 0.0016, 0.9 - ((k * 3 + q) % 15) * 0.03),
    ),
  )
  const quarterOf = (id: string) => Math.floor(Number(id.slice(1)) / 5)

  it('gives each quarter its day, and starts and ends every day at the base', () => {
    const base = { latitude: 48.86, longitude: 2.315 }
    const days = planCity({ attractions: city, days: 3, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions', 'cultural-historical'], base })
    for (const day of days) expect(new Set(day.visits.map((visit) => quarterOf(visit.attraction.id))).size).toBe(1)
    expect(new Set(days.map((day) => quarterOf(day.visits[0]!.attraction.id))).size).toBe(3)
    // The first visit starts after the way there from the base, no earlier than the pace's day.
    for (const day of days) expect(day.visits[0]!.start).toBeGreaterThanOrEqual(PACE_SETTINGS.moderate.dayStart)
  })

  it('says how each leg is made: a walk between neighbours, as the legs model times it', () => {
    const [day] = planCity({ attractions: city.slice(0, 5), days: 1, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    const legs = day!.visits.slice(1)
    expect(legs.length).toBeGreaterThan(1)
    for (const visit of legs) expect(visit.travelMode).toBe('walk')
    expect(day!.visits[0]!.travelMode).toBeUndefined()
  })

  it('keeps an hour for lunch between 12:00 and 14:30 on a day out at midday, with no visit in it', () => {
    const [day] = planCity({ attractions: city, days: 1, pace: PACE_SETTINGS['fast-paced'], themes: ['tourist-attractions'] })
    const lunch = day!.breaks?.find((pause) => pause.kind === 'lunch')?.start
    expect(lunch).toBeGreaterThanOrEqual(LUNCH_EARLIEST)
    expect(lunch! + LUNCH_MINUTES).toBeLessThanOrEqual(LUNCH_LATEST_END)
    for (const visit of day!.visits) expect(visit.start >= lunch! + LUNCH_MINUTES || visit.start + visit.visitMinutes <= lunch!).toBe(true)
  })

  it('begins an outing out of town by 14:00, not at the end of a day in town', () => {
    // Four museums of the old town open only in the morning, and a palace 25 km out open all day.
    const museums = Array.from({ length: 4 }, (_, k) => ({
      ...attraction(k, 'museum', 48.85 + k * 0.001, 2.35, 0.9),
      visitMinutes: 60,
      opensAt: 9 * 60,
      closesAt: 13 * 60,
    }))
    const palace = { ...attraction(9, 'castle_palace', 49.075, 2.35, 1), visitMinutes: 120 }
    const [day] = planCity({ attractions: [...museums, palace], days: 1, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    const outing = day!.visits.find((visit) => visit.attraction.id === palace.id)
    expect(outing?.start).toBeLessThanOrEqual(14 * 60)
  })

  it('plans a day at one site (six hours at Petra) with its lunch taken there', () => {
    const petra = { ...attraction(99, 'historic_site', city[0]!.latitude, city[0]!.longitude, 1), id: 'petra', name: 'Petra', visitMinutes: 360 }
    const around = city.slice(0, 4).map((place) => ({ ...place, popularity: 0.5 }))
    const [day] = planCity({ attractions: [petra, ...around], days: 1, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    const visit = day!.visits.find((planned) => planned.attraction.id === 'petra')
    expect(visit?.start).toBeLessThan(LUNCH_EARLIEST)
    expect(visit!.start + visit!.visitMinutes).toBeGreaterThan(LUNCH_LATEST_END)
    expect(day!.breaks?.some((pause) => pause.kind === 'lunch') ?? false).toBe(false)
  })

  it('takes a day trip’s ride out of its day', () => {
    const [near] = planCity({ attractions: city.slice(0, 5), days: 1, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'] })
    const [away] = planCity({ attractions: city.slice(0, 5), days: 1, pace: PACE_SETTINGS.moderate, themes: ['tourist-attractions'], rideMinutes: 90 })
    expect(away!.visits[0]!.start).toBeGreaterThanOrEqual(PACE_SETTINGS.moderate.dayStart + 60)
    const end = (plan: DayPlan) => Math.max(...plan.visits.map((visit) => visit.start + visit.visitMinutes))
    expect(end(away!)).toBeLessThanOrEqual(PACE_SETTINGS.moderate.dayEnd - 60)
    expect(near!.visits[0]!.start).toBeLessThan(away!.visits[0]!.start)
  })
})

describe('planCity: sights that belong together', () => {
  it('plans linked sights on one day even when other places lie between them', () => {
    // Two rows of sights 3 km apart; the reviewed data says the last of one row is seen with the first of the other.
    const row = (first: number, longitude: number) =>
      Array.from({ length: 6 }, (_, k) => attraction(first + k, k % 2 ? 'museum' : 'historic_site', 48.85 + k * 0.004, longitude, 0.9 - k * 0.05))
    const west = row(0, 2.3)
    const east = row(6, 2.34)
    // Both well known, so both are planned.
    const linked = { ...west[5]!, popularity: 0.95, together: [east[0]!.id] }
    const days = planCity({ attractions: [...west.slice(0, 5), linked, ...east], days: 2, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical'] })
    const dayOf = (id: string) => days.findIndex((day) => day.visits.some((visit) => visit.attraction.id === id))
    expect(dayOf(linked.id)).toBeGreaterThanOrEqual(0)
    expect(dayOf(linked.id)).toBe(dayOf(east[0]!.id))
  })
})

describe('planCity: dinner', () => {
  it('keeps an hour for dinner before an evening show, between 18:00 and 22:00', () => {
    const city = [
      ...Array.from({ length: 5 }, (_, k) => attraction(k, k % 2 ? 'museum' : 'historic_site', 48.85 + k * 0.003, 2.35, 0.9 - k * 0.05)),
      attraction(9, 'entertainment', 48.853, 2.352, 0.95),
    ]
    const [day] = planCity({ attractions: city, days: 1, pace: PACE_SETTINGS.moderate, themes: ['cultural-historical', 'nightlife-entertainment'] })
    const show = day!.visits.find((visit) => visit.attraction.id === 'p9')!
    const dinner = day!.breaks!.find((pause) => pause.kind === 'dinner')!
    expect(dinner.start).toBeGreaterThanOrEqual(18 * 60)
    expect(dinner.start + dinner.minutes).toBeLessThanOrEqual(Math.min(22 * 60, show.start))
  })
})
