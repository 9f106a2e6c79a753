import { describe, expect, it } from 'vitest'
import { distanceKm } from '../../places/domain.ts'
import type { PlanDay, PlanPlace } from './plan.ts'
import { sketchDays } from './route-sketch.ts'
import { lisbonStop } from './test-catalog.ts'

const stop = (name: string, latitude: number, longitude: number, mode?: PlanPlace['travel_mode']) =>
  lisbonStop(name, latitude, longitude, mode ? { travel: 10, mode } : {})

const day = (n: number, places: PlanPlace[]): PlanDay => ({ day: n, date: null, city: 'Lisbon', places })
const belem = day(1, [
  stop('Jerónimos Monastery', 38.697859, -9.206628),
  stop('Padrão dos Descobrimentos', 38.693611, -9.205611, 'walk'),
  stop('Belém Tower', 38.691584, -9.215977, 'walk'),
])
const centre = day(2, [stop('Praça do Comércio', 38.707527, -9.136432), stop('Lisbon Oceanarium', 38.763541, -9.093703, 'transit')])

describe('a sketch of where the days go', () => {
  it('marks where the traveller stays, once for days that share it, inside the frame with the stops', () => {
    const hotel = { latitude: 38.72, longitude: -9.145 }
    const sketch = sketchDays(
      [
        { ...belem, stay: hotel },
        { ...centre, stay: hotel },
      ],
      360,
      220,
      18,
    )!
    expect(sketch.stays).toHaveLength(1)
    const [stay] = sketch.stays
    expect(stay!.x).toBeGreaterThanOrEqual(18 - 1e-9)
    expect(stay!.x).toBeLessThanOrEqual(360 - 18 + 1e-9)
    // The hotel is east of Belém and west of the Oceanarium.
    expect(stay!.x).toBeGreaterThan(sketch.stops[0]!.x)
    expect(stay!.x).toBeLessThan(sketch.stops.at(-1)!.x)
    expect(sketchDays([belem], 360, 220)!.stays).toEqual([])
  })

  it('numbers each day’s stops in order, north up, inside the frame', () => {
    const sketch = sketchDays([belem], 360, 220, 18)!
    expect(sketch.stops.map((point) => `${point.number}. ${point.name}`)).toEqual(['1. Jerónimos Monastery', '2. Padrão dos Descobrimentos', '3. Belém Tower'])
    for (const point of sketch.stops) {
      expect(point.x).toBeGreaterThanOrEqual(18 - 1e-9)
      expect(point.x).toBeLessThanOrEqual(360 - 18 + 1e-9)
      expect(point.y).toBeGreaterThanOrEqual(18 - 1e-9)
      expect(point.y).toBeLessThanOrEqual(220 - 16 - 18 + 1e-9)
    }
    const [monastery, padrao, tower] = sketch.stops
    expect(monastery!.y).toBeLessThan(padrao!.y) // further north, higher up
    expect(tower!.x).toBeLessThan(padrao!.x) // further west, to the left
  })

  it('keeps distances true to scale, as its scale bar says', () => {
    const sketch = sketchDays([belem], 360, 220)!
    const [monastery, , tower] = sketch.stops
    const pixels = Math.hypot(tower!.x - monastery!.x, tower!.y - monastery!.y)
    const km = distanceKm(belem.places[0]!, belem.places[2]!)
    const barKm = sketch.scale.label.endsWith(' km') ? Number.parseFloat(sketch.scale.label) : Number.parseFloat(sketch.scale.label) / 1000
    expect(pixels / km).toBeCloseTo(sketch.scale.length / barKm, 0)
    expect(sketch.scale.length).toBeLessThanOrEqual(360 / 3)
  })

  it('draws a leg between consecutive stops of a day, never across days, with how it is made', () => {
    const sketch = sketchDays([belem, centre], 320, 160)!
    expect(sketch.legs.map((leg) => `${leg.from.name} → ${leg.to.name} (${leg.mode})`)).toEqual([
      'Jerónimos Monastery → Padrão dos Descobrimentos (walk)',
      'Padrão dos Descobrimentos → Belém Tower (walk)',
      'Praça do Comércio → Lisbon Oceanarium (transit)',
    ])
    expect(sketch.stops.map((point) => point.day)).toEqual([0, 0, 0, 1, 1])
  })

  it('draws a day of one stop in the middle, and nothing for days without stops', () => {
    const one = sketchDays([day(1, [stop('Belém Tower', 38.691584, -9.215977)])], 200, 100)!
    expect(one.stops[0]).toMatchObject({ x: 100, y: (100 - 16) / 2 })
    expect(sketchDays([day(1, [])], 200, 100)).toBeUndefined()
  })
})
