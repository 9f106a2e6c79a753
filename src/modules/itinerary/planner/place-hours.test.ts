import { describe, expect, it } from 'vitest'
import { applyEdit, normalizeDays } from './edit-rules.ts'
import { hoursLabel, outsideHoursWarning, showsOpenStreetMap, type PlaceHours } from './place-hours.ts'
import type { PlanDay, PlanPlace } from './plan.ts'

const LOUVRE_HOURS: PlaceHours = { known: true, dates: { '2026-12-07': ['09:00-18:00'], '2026-12-08': [], '2026-12-09': ['09:00-21:45'] } }

const place = (id: string, start: number, hours?: PlaceHours): PlanPlace => ({
  id,
  name: id === 'osm-way-1001' ? 'Louvre Museum' : `Place ${id}`,
  address: null,
  rating: null,
  reviews_count: null,
  visit_duration: 2,
  start_time: start,
  travel_time_from_previous: 0,
  city: 'Paris',
  coordinates: { latitude: 48.86, longitude: 2.34 },
  latitude: 48.86,
  longitude: 2.34,
  ...(hours ? { opening_hours: hours } : {}),
})

const days: PlanDay[] = normalizeDays([
  { day: 1, date: '2026-12-07', city: 'Paris', places: [place('osm-way-1001', 10, LOUVRE_HOURS)] },
  { day: 2, date: '2026-12-08', city: 'Paris', places: [place('b', 10)] },
  { day: 3, date: '2026-12-09', city: 'Paris', places: [place('c', 10)] },
])

describe('opening hours on the itinerary', () => {
  it('reads "Open 09:00–18:00", "Typical hours" or closed, per date', () => {
    expect(hoursLabel(LOUVRE_HOURS, '2026-12-07')).toBe('Open 09:00–18:00')
    expect(hoursLabel(LOUVRE_HOURS, '2026-12-08')).toBe('Closed on this date')
    expect(hoursLabel({ known: true, dates: { '2026-12-07': ['09:00-12:00', '14:00-18:00'] } }, '2026-12-07')).toBe('Open 09:00–12:00, 14:00–18:00')
    expect(hoursLabel({ known: true, dates: { '2026-12-07': ['00:00-24:00'] } }, '2026-12-07')).toBe('Open 24 hours')
    expect(hoursLabel({ known: false, dates: { '2026-12-07': ['10:00-18:00'] } }, '2026-12-07')).toBe('Typical hours')
    expect(hoursLabel(undefined, '2026-12-07')).toBeUndefined()
  })

  it('warns in words when a move puts a visit on a date the place is closed, or outside its hours', () => {
    const toTuesday = applyEdit(days, { type: 'move', from: { day: 0, index: 0 }, toDay: 1, start: 14 })
    expect(toTuesday).toMatchObject({ kind: 'done', warning: 'Louvre Museum is closed on Tue, 8 Dec 2026.' })
    const evening = applyEdit(days, { type: 'move', from: { day: 0, index: 0 }, toDay: 0, start: 17 })
    expect(evening).toMatchObject({
      kind: 'done',
      warning: 'Louvre Museum is open 09:00–18:00 on Mon, 7 Dec 2026: this visit is outside its opening hours.',
    })
    const wednesdayEvening = applyEdit(days, { type: 'move', from: { day: 0, index: 0 }, toDay: 2, start: 18 })
    expect(wednesdayEvening.kind).toBe('done')
    expect(wednesdayEvening).not.toHaveProperty('warning')
  })

  it('says nothing about places with typical hours only, or visits the edit did not move', () => {
    expect(outsideHoursWarning(place('x', 22, { known: false, dates: { '2026-12-07': ['10:00-18:00'] } }), '2026-12-07', 22 * 60, 120)).toBeUndefined()
    const moveOther = applyEdit(days, { type: 'move', from: { day: 1, index: 0 }, toDay: 1, start: 15 })
    expect(moveOther).not.toHaveProperty('warning')
  })

  it('credits OpenStreetMap only on plans that show its places', () => {
    expect(showsOpenStreetMap(days)).toBe(true)
    expect(showsOpenStreetMap(days.slice(1))).toBe(false)
  })
})
