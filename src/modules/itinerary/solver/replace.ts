import { EPS } from './compiled.ts'
import type { Insertion } from './insertion.ts'
import type { Routes } from './routes.ts'

/**
 * Replace: an unvisited vertex takes the place of a visited one with a lower score (at its position, or one
 * step before or after its neighbour). Each tour gets its largest-gain replacement (ties: earliest return),
 * a vertex going to one tour only. Returns how many tours changed.
 *
 * The prefix before the change runs at its earliest (the tour's forward schedule) and the suffix after it
 * only needs to be reached by its latest start (bL), so each candidate is checked with a few additions.
 */
export function replaceBest(routes: Routes, insertion: Insertion): number {
  const { n, m, dist, service, open, close, score, allowed } = routes.p
  let bestGain = 0
  let bestEnd = Infinity
  let bestK = -1
  let bestV = -1
  let bestShape = 0
  const count = insertion.unvisitedCount
  let changed = 0
  for (let t = 0; t < m; t++) {
    bestGain = 0
    bestEnd = Infinity
    bestK = -1
    const r = routes.route[t]!
    const len = routes.len[t]!
    const start = routes.start[t]!
    const bD = routes.bD[t]!, bE = routes.bE[t]!, bL = routes.bL[t]!
    for (let k = 1; k < len - 1; k++) {
      const u = r[k]!
      const su = score[u]!
      const before = r[k - 1]!
      const after = r[k + 1]!
      const departure = start[k - 1]! + service[before]!
      // Shape 1 (before, after, v, next): when `after` can be served right after `before`, its departure.
      let afterDeparture = Infinity
      if (k + 1 < len - 1) {
        const a = departure + dist[before * n + after]!
        const s = a < open[after]! ? open[after]! : a
        if (s <= close[after]! + EPS) afterDeparture = s + service[after]!
      }
      const next = r[k + 2]!
      // Shape -1 (prev, v, before, after): the departure from `prev`.
      const prev = k >= 2 ? r[k - 2]! : -1
      const prevDeparture = k >= 2 ? start[k - 2]! + service[prev]! : Infinity
      const latestAfter = bL[k + 1]!
      const latestNext = k + 2 < len ? bL[k + 2]! : -Infinity
      for (let c = 0; c < count; c++) {
        const v = insertion.unvisited(c)
        const gain = score[v]! - su
        if (gain <= EPS || gain < bestGain - EPS || allowed[v * m + t] === 0 || routes.tourOf[v] !== -1) continue
        const sv = service[v]!, ov = open[v]!, cv = close[v]! + EPS
        const row = v * n
        // Shape 0: v where u was.
        let a = departure + dist[before * n + v]!
        if (a <= cv) {
          const s = a < ov ? ov : a
          const arrival = s + sv + dist[row + after]!
          if (arrival <= latestAfter + EPS) consider(k, v, 0, gain, completion(arrival, bE[k + 1]!, bD[k + 1]!))
        }
        // Shape 1.
        a = afterDeparture + dist[after * n + v]!
        if (a <= cv) {
          const s = a < ov ? ov : a
          const arrival = s + sv + dist[row + next]!
          if (arrival <= latestNext + EPS) consider(k, v, 1, gain, completion(arrival, bE[k + 2]!, bD[k + 2]!))
        }
        // Shape -1.
        a = prevDeparture + dist[prev * n + v]!
        if (a <= cv) {
          const s = a < ov ? ov : a
          const b = s + sv + dist[row + before]!
          const sb = b < open[before]! ? open[before]! : b
          if (sb <= close[before]! + EPS) {
            const arrival = sb + service[before]! + dist[before * n + after]!
            if (arrival <= latestAfter + EPS) consider(k, v, -1, gain, completion(arrival, bE[k + 1]!, bD[k + 1]!))
          }
        }
      }
    }
    if (bestK < 0) continue
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
    routes.tourOf[bestV] = t
    routes.refresh(t)
    insertion.take(bestV)
    insertion.release(u)
    changed++
  }
  return changed

  function consider(k: number, v: number, shape: number, gain: number, end: number): void {
    if (gain > bestGain + EPS || (gain >= bestGain - EPS && end < bestEnd - EPS)) {
      bestGain = gain
      bestEnd = end
      bestK = k
      bestV = v
      bestShape = shape
    }
  }
}

/** Return time of a suffix segment (duration, earliest) entered at `arrival`. */
function completion(arrival: number, earliest: number, duration: number): number {
  return (arrival > earliest ? arrival : earliest) + duration
}
