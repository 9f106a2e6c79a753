import { EPS } from './compiled.ts'
import type { Routes } from './routes.ts'
import { concat, joined } from './segment.ts'

/** True when (duration, travel) is lexicographically smaller than (oldDuration, oldTravel), beyond rounding noise. */
export function shorter(duration: number, travel: number, oldDuration: number, oldTravel: number): boolean {
  return duration < oldDuration - EPS || (duration <= oldDuration + EPS && travel < oldTravel - EPS)
}

/**
 * Reorders tour t to return earlier (then: to travel less) without changing its vertices: 2-opt (segment
 * reversal) and or-opt (moving a block of 1-3 consecutive vertices), first improvement, until neither helps.
 * Every candidate is checked in O(1) by concatenating time-window segments. Returns whether the tour changed.
 */
export function improveTourOrder(routes: Routes, t: number): boolean {
  let changed = false
  while (twoOpt(routes, t) || orOpt(routes, t)) changed = true
  return changed
}

function twoOpt(routes: Routes, t: number): boolean {
  const { n, dist, service, open, close } = routes.p
  const r = routes.route[t]!
  const len = routes.len[t]!
  const fD = routes.fD[t]!
  const fE = routes.fE[t]!
  const fL = routes.fL[t]!
  const fT = routes.fT[t]!
  const bD = routes.bD[t]!
  const bE = routes.bE[t]!
  const bL = routes.bL[t]!
  const bT = routes.bT[t]!
  const oldD = fD[len - 1]!
  const oldT = fT[len - 1]!
  for (let i = 1; i < len - 2; i++) {
    const first = r[i]!
    const before = r[i - 1]!
    let rD = service[first]!
    let rE = open[first]!
    let rL = close[first]!
    let rT = 0
    for (let j = i + 1; j < len - 1; j++) {
      const vj = r[j]!
      const back = dist[vj * n + r[j - 1]!]!
      if (!concat(service[vj]!, open[vj]!, close[vj]!, back, rD, rE, rL)) break
      rD = joined.duration
      rE = joined.earliest
      rL = joined.latest
      rT += back
      const inTravel = dist[before * n + vj]!
      if (!concat(fD[i - 1]!, fE[i - 1]!, fL[i - 1]!, inTravel, rD, rE, rL)) continue
      const after = r[j + 1]!
      const outTravel = dist[first * n + after]!
      if (!concat(joined.duration, joined.earliest, joined.latest, outTravel, bD[j + 1]!, bE[j + 1]!, bL[j + 1]!)) continue
      const travel = fT[i - 1]! + inTravel + rT + outTravel + bT[j + 1]!
      if (shorter(joined.duration, travel, oldD, oldT)) {
        r.subarray(i, j + 1).reverse()
        routes.refresh(t)
        return true
      }
    }
  }
  return false
}

function orOpt(routes: Routes, t: number): boolean {
  const { n, dist, service, open, close } = routes.p
  const r = routes.route[t]!
  const len = routes.len[t]!
  const fD = routes.fD[t]!
  const fE = routes.fE[t]!
  const fL = routes.fL[t]!
  const fT = routes.fT[t]!
  const bD = routes.bD[t]!
  const bE = routes.bE[t]!
  const bL = routes.bL[t]!
  const bT = routes.bT[t]!
  const oldD = fD[len - 1]!
  const oldT = fT[len - 1]!
  for (let k = 1; k <= 3; k++) {
    for (let i = 1; i + k <= len - 1; i++) {
      // The block r[i..i+k-1] as one segment.
      const first = r[i]!
      const last = r[i + k - 1]!
      let kD = service[first]!
      let kE = open[first]!
      let kL = close[first]!
      let kT = 0
      let blockFeasible = true
      for (let q = i + 1; q < i + k; q++) {
        const d = dist[r[q - 1]! * n + r[q]!]!
        if (!concat(kD, kE, kL, d, service[r[q]!]!, open[r[q]!]!, close[r[q]!]!)) {
          blockFeasible = false
          break
        }
        kD = joined.duration
        kE = joined.earliest
        kL = joined.latest
        kT += d
      }
      if (!blockFeasible) continue
      // Forward: r[0..i-1], r[i+k..p], block, r[p+1..].
      let aD = fD[i - 1]!
      let aE = fE[i - 1]!
      let aL = fL[i - 1]!
      let aT = fT[i - 1]!
      let aLast = r[i - 1]!
      for (let p = i + k; p < len - 1; p++) {
        const vp = r[p]!
        const d = dist[aLast * n + vp]!
        if (!concat(aD, aE, aL, d, service[vp]!, open[vp]!, close[vp]!)) break
        aD = joined.duration
        aE = joined.earliest
        aL = joined.latest
        aT += d
        aLast = vp
        const inTravel = dist[vp * n + first]!
        if (!concat(aD, aE, aL, inTravel, kD, kE, kL)) continue
        const after = r[p + 1]!
        const outTravel = dist[last * n + after]!
        if (!concat(joined.duration, joined.earliest, joined.latest, outTravel, bD[p + 1]!, bE[p + 1]!, bL[p + 1]!)) continue
        if (shorter(joined.duration, aT + inTravel + kT + outTravel + bT[p + 1]!, oldD, oldT)) {
          moveBlock(r, i, k, p + 1)
          routes.refresh(t)
          return true
        }
      }
      // Backward: r[0..p-1], block, r[p..i-1], r[i+k..].
      let sD = bD[i + k]!
      let sE = bE[i + k]!
      let sL = bL[i + k]!
      let sT = bT[i + k]!
      let sFirst = r[i + k]!
      for (let p = i - 1; p >= 1; p--) {
        const vp = r[p]!
        const d = dist[vp * n + sFirst]!
        if (!concat(service[vp]!, open[vp]!, close[vp]!, d, sD, sE, sL)) break
        sD = joined.duration
        sE = joined.earliest
        sL = joined.latest
        sT += d
        sFirst = vp
        const outTravel = dist[last * n + vp]!
        if (!concat(kD, kE, kL, outTravel, sD, sE, sL)) continue
        const before = r[p - 1]!
        const inTravel = dist[before * n + first]!
        if (!concat(fD[p - 1]!, fE[p - 1]!, fL[p - 1]!, inTravel, joined.duration, joined.earliest, joined.latest)) continue
        if (shorter(joined.duration, fT[p - 1]! + inTravel + kT + outTravel + sT, oldD, oldT)) {
          moveBlock(r, i, k, p)
          routes.refresh(t)
          return true
        }
      }
    }
  }
  return false
}

const scratch: number[] = []

/** Moves r[i..i+k-1] so that it starts right before the element now at position `to` (to ∉ [i, i+k]). */
function moveBlock(r: Int32Array, i: number, k: number, to: number): void {
  scratch.length = 0
  for (let q = 0; q < k; q++) scratch.push(r[i + q]!)
  if (to > i) {
    r.copyWithin(i, i + k, to)
    for (let q = 0; q < k; q++) r[to - k + q] = scratch[q]!
  } else {
    r.copyWithin(to + k, to, i)
    for (let q = 0; q < k; q++) r[to + q] = scratch[q]!
  }
}
