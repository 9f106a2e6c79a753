import readline from 'node:readline'
import fs from 'node:fs'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { distanceKm } from '../domain.ts'
import { famousSightId, SIGHT_REACH_KM, WEEKDAYS } from './famous-sights.ts'
import { loadFamousSights } from '../import/famous-sights-import.ts'
import { WORLD_CATALOG_FILE } from '../import/first-start.ts'
import { prepareSight, sameSight } from './same-sight.ts'

/** The shipped supplement (data/places/famous-sights), checked as a reviewer would. */

/** A linked record may sit at another point of a large sight (a park's gate, a bay); a UNESCO record sits at its site's listed point. */
const LINK_KM = 8

const supplement = loadFamousSights()

async function worldCatalogIds(): Promise<Map<string, { latitude: number; longitude: number; city_id: string }>> {
  const ids = new Map<string, { latitude: number; longitude: number; city_id: string }>()
  const lines = readline.createInterface({ input: fs.createReadStream(WORLD_CATALOG_FILE).pipe(zlib.createGunzip()) })
  for await (const line of lines) {
    if (!line.trim()) continue
    const record = JSON.parse(line) as { id: string; lat: number; lon: number; city_id: string }
    ids.set(record.id, { latitude: record.lat, longitude: record.lon, city_id: record.city_id })
  }
  return ids
}

describe('the famous-sights supplement', () => {
  it('has sights for many cities, every line valid, every sight within its city’s reach', () => {
    expect(supplement.problems).toEqual([])
    expect(new Set(supplement.sights.map(({ city }) => city.id)).size).toBeGreaterThanOrEqual(100)
  })

  it('gives each of a city’s sights its own fame rank, and each sight one id', () => {
    const byCity = new Map<string, number[]>()
    for (const { sight, city } of supplement.sights) byCity.set(city.id, [...(byCity.get(city.id) ?? []), sight.fame])
    for (const [cityId, ranks] of byCity) expect(ranks.length - new Set(ranks).size, cityId).toBe(0)
    const ids = supplement.sights.map(({ sight }) => famousSightId(sight))
    expect(ids.length - new Set(ids).size).toBe(0)
  })

  it('lists no sight twice under two names', () => {
    const byCity = new Map<string, ReturnType<typeof prepareSight>[]>()
    for (const { sight, city } of supplement.sights) {
      const prepared = prepareSight(
        {
          id: famousSightId(sight),
          names: [sight.name, ...(sight.local ? [sight.local] : [])],
          kind: sight.kind,
          cityId: city.id,
          latitude: sight.lat,
          longitude: sight.lon,
          origins: ['roam-sights'],
        },
        `${city.name} ${city.asciiName}`,
      )
      byCity.set(city.id, [...(byCity.get(city.id) ?? []), prepared])
    }
    const twice: string[] = []
    for (const sights of byCity.values())
      for (let i = 0; i < sights.length; i++)
        for (let j = i + 1; j < sights.length; j++) if (sameSight(sights[i]!, sights[j]!)) twice.push(`${sights[i]!.record.id} = ${sights[j]!.record.id}`)
    expect(twice).toEqual([])
  })

  it('links only catalog records that exist and lie near the sight', async () => {
    const catalog = await worldCatalogIds()
    const wrong: string[] = []
    for (const { sight } of supplement.sights) {
      for (const id of sight.same ?? []) {
        const record = catalog.get(id)
        if (!record) wrong.push(`${sight.name}: no catalog record ${id}`)
        else if (distanceKm(record, { latitude: sight.lat, longitude: sight.lon }) > (id.startsWith('unesco-') ? SIGHT_REACH_KM : LINK_KM))
          wrong.push(`${sight.name}: ${id} lies far from it`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('closes on real weekdays and opens before it closes', () => {
    for (const { sight } of supplement.sights) {
      for (const day of sight.closed ?? []) expect(WEEKDAYS).toContain(day)
      const [open, close] = sight.hours.split('-')
      expect(open! < close!, `${sight.name} ${sight.hours}`).toBe(true)
    }
  })
})
