import { describe, expect, it } from 'vitest'
import { KIND_PROFILES, type Attraction } from '../../places/domain.ts'
import { startWindow } from './date-windows.ts'

const museum = (openingHours?: string, extra: Partial<Attraction> = {}): Attraction => ({
  id: 'm',
  name: 'Museum',
  address: null,
  city: 'Paris',
  cityId: '1250015082',
  latitude: 48.86,
  longitude: 2.34,
  kind: 'museum',
  themes: KIND_PROFILES.museum.themes,
  popularity: 0.5,
  visitMinutes: 120,
  opensAt: 600,
  closesAt: 1080,
  rating: null,
  reviewsCount: null,
  countryCode: 'FR',
  ...(openingHours ? { openingHours } : {}),
  ...extra,
})
const day = { start: 9 * 60, end: 19 * 60 }
// Thursday 10 to Sunday 13 December 2026.
const THU_TO_SUN = ['2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13']

describe('a place’s start window over the trip’s dates', () => {
  it('keeps the daily window on every day when the place is open alike', () => {
    expect(startWindow(museum('Mo-Su 10:00-18:00'), day, 120, THU_TO_SUN)).toEqual({ open: 600, close: 960 })
    expect(startWindow(museum(), day, 120, THU_TO_SUN)).toEqual({ open: 600, close: 960 })
  })

  it('leaves out the days it is closed', () => {
    expect(startWindow(museum('Mo-Sa 10:00-18:00; Su off'), day, 120, THU_TO_SUN)).toEqual({ open: 600, close: 960, allowedTours: [0, 1, 2] })
    expect(startWindow(museum(undefined, { closedDays: ['Fri'] }), day, 120, THU_TO_SUN)).toEqual({ open: 600, close: 960, allowedTours: [0, 2, 3] })
  })

  it('takes the window that fits the most days, inside the hours of each', () => {
    // Thursday and Friday 09:00–17:00, Saturday 10:00–14:00, Sunday closed: 10:00–12:00 starts on three days.
    expect(startWindow(museum('Mo-Fr 09:00-17:00; Sa 10:00-14:00'), day, 120, THU_TO_SUN)).toEqual({ open: 600, close: 720, allowedTours: [0, 1, 2] })
  })

  it('gives no window to a place closed on every date or open too briefly for the visit', () => {
    expect(startWindow(museum('off'), day, 120, THU_TO_SUN)).toBeUndefined()
    expect(startWindow(museum('Mo-Su 10:00-11:00'), day, 120, THU_TO_SUN)).toBeUndefined()
  })
})
