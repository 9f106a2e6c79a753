import { describe, expect, it } from 'vitest'
import { distanceKm } from '../../places/domain.ts'
import { legBetween, legText, rideMinutes } from './legs.ts'

const FLORENCE_CATHEDRAL = { latitude: 43.77309, longitude: 11.25597 }
const PONTE_VECCHIO = { latitude: 43.76792, longitude: 11.25314 }
const UFFIZI = { latitude: 43.76781, longitude: 11.25549 }

describe('a leg as a traveller makes it', () => {
  it('walks short legs at 4.5 km/h over the streets, so a 1 km leg takes a quarter of an hour, not 2 minutes', () => {
    const km = distanceKm(FLORENCE_CATHEDRAL, UFFIZI)
    expect(km).toBeGreaterThan(0.5)
    const leg = legBetween(FLORENCE_CATHEDRAL, UFFIZI)
    expect(leg.mode).toBe('walk')
    expect(leg.minutes).toBe(Math.round(((km * 1.3) / 4.5) * 60))
    const oneKm = { latitude: FLORENCE_CATHEDRAL.latitude + 0.009, longitude: FLORENCE_CATHEDRAL.longitude }
    expect(distanceKm(FLORENCE_CATHEDRAL, oneKm)).toBeCloseTo(1, 1)
    expect(legBetween(FLORENCE_CATHEDRAL, oneKm)).toEqual({ minutes: 17, mode: 'walk' })
    expect(legBetween(FLORENCE_CATHEDRAL, PONTE_VECCHIO).mode).toBe('walk')
  })

  it('takes public transport or a taxi beyond 1.5 km: 30 km/h plus 10 minutes to reach the stop and wait', () => {
    const far = { latitude: FLORENCE_CATHEDRAL.latitude + 0.045, longitude: FLORENCE_CATHEDRAL.longitude }
    const leg = legBetween(FLORENCE_CATHEDRAL, far)
    expect(leg.mode).toBe('transit')
    expect(leg.minutes).toBe(Math.round((distanceKm(FLORENCE_CATHEDRAL, far) / 30) * 60 + 10))
  })

  it('rides a day trip at 60 km/h plus a quarter of an hour, and says each leg as the views show it', () => {
    expect(rideMinutes(25)).toBe(40)
    expect(legText(12, 'walk')).toBe('12 min walk')
    expect(legText(25, 'transit')).toBe('25 min by transit or taxi')
    expect(legText(25, undefined)).toBe('25 min')
  })
})
