import type { Routes } from './routes.ts'

/**
 * Puts a starting solution into empty routes: first every pre-placed (fixed) vertex of each tour, in the
 * order given, then the tour's other vertices where they still fit, each after the latest position that
 * keeps the tour feasible (so the given order survives as far as it can). A vertex that fits nowhere, is
 * not allowed in the tour or was already placed is left to the search.
 */
export function warmStart(routes: Routes, initial: ReadonlyArray<ReadonlyArray<number>>): void {
  const { p } = routes
  const placeable = (v: number, t: number) => v > 0 && v < p.n && routes.tourOf[v] === -1 && p.allowed[v * p.m + t] === 1
  for (let t = 0; t < Math.min(p.m, initial.length); t++) {
    for (const v of initial[t]!) {
      if (p.fixed[v] !== 1 || !placeable(v, t)) continue
      routes.insertAt(t, routes.len[t]! - 2, v)
      if (!routes.refresh(t)) {
        routes.removeAt(t, routes.len[t]! - 2)
        routes.refresh(t)
      }
    }
  }
  for (let t = 0; t < Math.min(p.m, initial.length); t++) {
    for (const v of initial[t]!) {
      if (p.fixed[v] === 1 || !placeable(v, t)) continue
      for (let at = routes.len[t]! - 2; at >= 0; at--) {
        routes.insertAt(t, at, v)
        if (routes.refresh(t)) break
        routes.removeAt(t, at + 1)
        routes.refresh(t)
      }
    }
  }
}
