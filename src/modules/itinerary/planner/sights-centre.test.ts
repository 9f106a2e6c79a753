import { describe, expect, it } from 'vitest'
import { distanceKm } from '../../places/domain.ts'
import { sightsCentre } from './sights-centre.ts'

describe('the centre of a city for its visitors', () => {
  it('lies among its best sights, not at a far one or at the administrative point', () => {
    // Seville: the old town's sights, and the far Isla Mágica park weighing as much as one of them.
    const sights = [
      { latitude: 37.3858, longitude: -5.9932, weight: 1 }, // Cathedral
      { latitude: 37.3831, longitude: -5.9903, weight: 0.95 }, // Alcázar
      { latitude: 37.3772, longitude: -5.9869, weight: 0.9 }, // Plaza de España
      { latitude: 37.3935, longitude: -5.9918, weight: 0.8 }, // Metropol Parasol
      { latitude: 37.4069, longitude: -6.0039, weight: 0.8 }, // Isla Mágica
    ]
    const centre = sightsCentre(sights)!
    expect(distanceKm(centre, sights[0]!)).toBeLessThan(1)
    expect(sightsCentre([])).toBeUndefined()
  })
})
