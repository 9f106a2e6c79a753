import type { Coordinates } from './plan.ts'

/** How many of a city's best sights say where its centre is. */
const TOP_SIGHTS = 15

/**
 * Where a city's visitors go: the score-weighted median, each way, of its best sights (best first). Not the
 * city's administrative point, which can lie far from its old town (Seville's is 16 km away); a median, so
 * one far sight (a day-trip-sized park, an airport museum) does not pull it off. Undefined without places.
 */
export function sightsCentre(best: ReadonlyArray<Coordinates & { readonly weight: number }>): Coordinates | undefined {
  const top = best.slice(0, TOP_SIGHTS).filter((place) => place.weight > 0)
  if (top.length === 0) return undefined
  return { latitude: weightedMedian(top, (place) => place.latitude), longitude: weightedMedian(top, (place) => place.longitude) }
}

function weightedMedian<T extends { readonly weight: number }>(items: readonly T[], value: (item: T) => number): number {
  const sorted = [...items].sort((a, b) => value(a) - value(b))
  const half = sorted.reduce((sum, item) => sum + item.weight, 0) / 2
  let seen = 0
  for (const item of sorted) {
    seen += item.weight
    if (seen >= half) return value(item)
  }
  return value(sorted.at(-1)!)
}
