import { EPS } from './compiled.ts'
import type { Insertion } from './insertion.ts'
import type { Routes } from './routes.ts'
import { concat, joined } from './segment.ts'

/**
 * Replace: an unvisited vertex takes the place of a visited one with a lower score (at its position, or one
 * step before or after its neighbour), for the largest score gain over all tours. Returns the changed tour,
 * or -1 when no replacement gains anything.
 */
export function replaceBest(routes: Routes, insertion: Insertion): number {
  const { n, m, dist, service, open, close, score, allowed } = routes.p
  let bestGain = 0
  let bestDuration = Infinity
  let bestT = -1
  let bestK = -1
  let bestV = -1
  let bestShape = 0
  const count = insertion.unvisitedCount
  for (let t = 0; t < m; t++) {
    const r = routes.route[t]!
    const len = routes.len[t]!
    const start = routes.start[t]!
    const fD = routes.fD[t]!, fE = routes.fE[t]!, fL = routes.fL[t]!
    const bD = routes.bD[t]!, bE = routes.bE[t]!, bL = routes.bL[t]!
    for (let k = 1; k < len - 1; k++) {
      const u = r[k]!
      const su = score[u]!
      const before = r[k - 1]!
      const after = r[k + 1]!
      const departure = start[k - 1]! + service[before]!
      for (let c = 0; c < count; c++) {
        const v = insertion.unvisited(c)
        const gain = score[v]! - su
        if (gain <= EPS || gain < bestGain - EPS || allowed[v * m + t] === 0) continue
        const sv = service[v]!, ov = open[v]!, cv = close[v]!
        // Shape 0: v where u was.
        if (departure + dist[before * n + v]! <= cv + EPS &&
          concat(fD[k - 1]!, fE[k - 1]!, fL[k - 1]!, dist[before * n + v]!, sv, ov, cv) &&
          concat(joined.duration, joined.earliest, joined.latest, dist[v * n + after]!, bD[k + 1]!, bE[k + 1]!, bL[k + 1]!) &&
          better(gain, joined.duration)) record(t, k, v, 0, gain, joined.duration)
        // Shape 1: before, after, v, rest.
        if (k + 1 < len - 1) {
          const next = r[k + 2]!
          if (concat(fD[k - 1]!, fE[k - 1]!, fL[k - 1]!, dist[before * n + after]!, service[after]!, open[after]!, close[after]!) &&
            concat(joined.duration, joined.earliest, joined.latest, dist[after * n + v]!, sv, ov, cv) &&
            concat(joined.duration, joined.earliest, joined.latest, dist[v * n + next]!, bD[k + 2]!, bE[k + 2]!, bL[k + 2]!) &&
            better(gain, joined.duration)) record(t, k, v, 1, gain, joined.duration)
        }
        // Shape -1: v, before, after, rest.
        if (k - 1 >= 1) {
          const prev = r[k - 2]!
          if (concat(fD[k - 2]!, fE[k - 2]!, fL[k - 2]!, dist[prev * n + v]!, sv, ov, cv) &&
            concat(joined.duration, joined.earliest, joined.latest, dist[v * n + before]!, service[before]!, open[before]!, close[before]!) &&
            concat(joined.duration, joined.earliest, joined.latest, dist[before * n + after]!, bD[k + 1]!, bE[k + 1]!, bL[k + 1]!) &&
            better(gain, joined.duration)) record(t, k, v, -1, gain, joined.duration)
        }
      }
    }
  }
  if (bestT < 0) return -1
  const r = routes.route[bestT]!
  const u = r[bestK]!
  if (bestShape === 0) {
    r[bestK] = bestV
  } else if (bestShape === 1) {
    r[bestK] = r[bestK + 1]!
    r[bestK + 1] = bestV
  } else {
    r[bestK] = r[bestK - 1]!
    r[bestK - 1] = bestV
  }
  routes.tourOf[u] = -1
  routes.tourOf[bestV] = bestT
  routes.refresh(bestT)
  insertion.take(bestV)
  insertion.release(u)
  return bestT

  function better(gain: number, duration: number): boolean {
    return gain > bestGain + EPS || (gain >= bestGain - EPS && duration < bestDuration - EPS)
  }

  function record(t: number, k: number, v: number, shape: number, gain: number, duration: number): void {
    bestGain = gain
    bestDuration = duration
    bestT = t
    bestK = k
    bestV = v
    bestShape = shape
  }
}
