import type { City } from '../domain.ts'

/** How far a city's sights reach from its centre: 3 km for a town, up to 15 km for a metropolis. */
export function cityRadiusMeters(city: City): number {
  const km = 3 + 2 * Math.log10(Math.max(city.population, 10_000) / 10_000)
  return Math.round(Math.min(15, km) * 1000)
}
