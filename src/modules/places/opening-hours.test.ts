import { describe, expect, it } from 'vitest'
import { KIND_PROFILES } from './domain.ts'
import { hoursOn, isOpenFor, weekdayOf, type HoursSource } from './opening-hours.ts'

const museum = KIND_PROFILES.museum
const inParis = (openingHours?: string, extra: Partial<HoursSource> = {}): HoursSource => ({
  latitude: 48.86,
  longitude: 2.34,
  countryCode: 'FR',
  opensAt: museum.opensAt,
  closesAt: museum.closesAt,
  ...(openingHours === undefined ? {} : { openingHours }),
  ...extra,
})

// Monday 7 December 2026 to Sunday 13 December; 25 December 2026 is a Friday and a public holiday in France.
const MON = '2026-12-07'
const TUE = '2026-12-08'
const THU = '2026-12-10'
const SAT = '2026-12-12'
const SUN = '2026-12-13'
const h = (hours: number) => hours * 60

describe('opening hours on a date', () => {
  it('knows the weekday of a date', () => {
    expect([MON, TUE, SAT, SUN].map(weekdayOf)).toEqual(['Mon', 'Tue', 'Sat', 'Sun'])
  })

  it('"Mo-Fr 09:00-17:00; Sa 10:00-14:00" means those windows, and closed on Sundays', () => {
    const place = inParis('Mo-Fr 09:00-17:00; Sa 10:00-14:00')
    expect(hoursOn(place, MON)).toEqual({ windows: [[h(9), h(17)]], known: true })
    expect(hoursOn(place, SAT).windows).toEqual([[h(10), h(14)]])
    expect(hoursOn(place, SUN).windows).toEqual([])
  })

  it('closed on Mondays means not on Monday', () => {
    const orsay = inParis('Tu-Su 09:30-18:00; Th 09:30-21:45; Mo off; PH off')
    expect(hoursOn(orsay, MON).windows).toEqual([])
    expect(hoursOn(orsay, THU).windows).toEqual([[570, 21 * 60 + 45]])
    expect(hoursOn(orsay, TUE).windows).toEqual([[570, h(18)]])
  })

  it('public holidays of the country: "PH off" closes on Christmas Day', () => {
    const place = inParis('Mo-Su 10:00-18:00; PH off')
    expect(hoursOn(place, '2026-12-25').windows).toEqual([])
    expect(hoursOn(place, '2026-12-24').windows).toEqual([[h(10), h(18)]])
  })

  it('keeps the regular hours where the package has no holiday list for the country', () => {
    const place = inParis('Mo-Fr 09:00-17:00; PH off', { countryCode: 'AE', latitude: 25.2, longitude: 55.27 })
    expect(hoursOn(place, MON)).toEqual({ windows: [[h(9), h(17)]], known: true })
  })

  it('24/7 means any time; "off" means never', () => {
    expect(hoursOn(inParis('24/7'), SUN).windows).toEqual([[0, 1440]])
    expect(hoursOn(inParis('off'), MON)).toEqual({ windows: [], known: true })
  })

  it('splits a day with a lunch break and ends a window past midnight at 24:00', () => {
    expect(hoursOn(inParis('Mo-Fr 09:00-12:00,14:00-18:00'), MON).windows).toEqual([
      [h(9), h(12)],
      [h(14), h(18)],
    ])
    expect(hoursOn(inParis('Mo-Su 19:00-01:00'), SAT).windows).toEqual([
      [0, h(1)],
      [h(19), 1440],
    ])
  })

  it('reads comments as open and seasons by the date', () => {
    expect(hoursOn(inParis('Mo-Su 07:30-20:30 "closes earlier in winter"'), MON).windows).toEqual([[450, 1230]])
    const arc = inParis('Apr-Sep: Mo-Su 10:00-23:00; Oct-Mar: Mo-Su 10:00-22:30')
    expect(hoursOn(arc, MON).windows).toEqual([[h(10), 1350]])
    expect(hoursOn(arc, '2026-07-06').windows).toEqual([[h(10), h(23)]])
  })

  it('falls back to the typical window when the hours are missing or malformed, keeping weekly closing days', () => {
    expect(hoursOn(inParis(undefined), MON)).toEqual({ windows: [[museum.opensAt, museum.closesAt]], known: false })
    expect(hoursOn(inParis('10h-18h sauf lundi'), MON)).toEqual({ windows: [[museum.opensAt, museum.closesAt]], known: false })
    const reviewed = inParis(undefined, { closedDays: ['Tue'], reviewed: true })
    expect(hoursOn(reviewed, TUE)).toEqual({ windows: [], known: true })
    expect(hoursOn(reviewed, MON).known).toBe(true)
  })

  it('tells whether a whole visit lies inside the hours', () => {
    const place = inParis('Mo-Fr 09:00-12:00,14:00-18:00')
    expect(isOpenFor(place, MON, h(9), 180)).toBe(true)
    expect(isOpenFor(place, MON, h(11), 120)).toBe(false)
    expect(isOpenFor(place, SAT, h(10), 60)).toBe(false)
  })
})
