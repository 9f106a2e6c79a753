import { EPS } from './compiled.ts'
import type { Routes } from './routes.ts'
import { concat, joined } from './segment.ts'
import { shorter } from './intra-route.ts'

/**
 * Moves between two tours that make them shorter in total (sum of durations, then of travel), so that more
 * fits later: relocate one vertex, swap two vertices, exchange tails (only between tours with the same
 * window). First improvement; returns whether the tours changed (both are refreshed).
 */
export function improveTourPair(routes: Routes, a: number, b: number): boolean {
  return relocate(routes, a, b) || relocate(routes, b, a) || swap(routes, a, b) || exchangeTails(routes, a, b)
}

/** Sum of the durations of tours a and b. */
function totalDuration(routes: Routes, a: number, b: number): number {
  return routes.fD[a]![routes.len[a]! - 1]! + routes.fD[b]![routes.len[b]! - 1]!
}

/** Sum of the travel of tours a and b. */
function totalTravel(routes: Routes, a: number, b: number): number {
  return routes.fT[a]![routes.len[a]! - 1]! + routes.fT[b]![routes.len[b]! - 1]!
}

/** Moves one vertex of tour a into tour b. */
function relocate(routes: Routes, a: number, b: number): boolean {
  const { n, m, dist, service, open, close, allowed } = routes.p
  const ra = routes.route[a]!
  const rb = routes.route[b]!
  const la = routes.len[a]!
  const lb = routes.len[b]!
  if (la <= 2) return false
  const oldD = totalDuration(routes, a, b)
  const oldT = totalTravel(routes, a, b)
  const startB = routes.start[b]!
  const fDa = routes.fD[a]!,
    fEa = routes.fE[a]!,
    fLa = routes.fL[a]!,
    fTa = routes.fT[a]!
  const bDa = routes.bD[a]!,
    bEa = routes.bE[a]!,
    bLa = routes.bL[a]!,
    bTa = routes.bT[a]!
  const fDb = routes.fD[b]!,
    fEb = routes.fE[b]!,
    fLb = routes.fL[b]!,
    fTb = routes.fT[b]!
  const bDb = routes.bD[b]!,
    bEb = routes.bE[b]!,
    bLb = routes.bL[b]!,
    bTb = routes.bT[b]!
  for (let i = 1; i < la - 1; i++) {
    const v = ra[i]!
    if (allowed[v * m + b] === 0) continue
    const gap = dist[ra[i - 1]! * n + ra[i + 1]!]!
    if (!concat(fDa[i - 1]!, fEa[i - 1]!, fLa[i - 1]!, gap, bDa[i + 1]!, bEa[i + 1]!, bLa[i + 1]!)) continue
    const durA = joined.duration
    const travelA = fTa[i - 1]! + gap + bTa[i + 1]!
    for (let p = 0; p < lb - 1; p++) {
      const u = rb[p]!
      if (startB[p]! + service[u]! > close[v]! + EPS) break
      const inTravel = dist[u * n + v]!
      if (!concat(fDb[p]!, fEb[p]!, fLb[p]!, inTravel, service[v]!, open[v]!, close[v]!)) continue
      const w = rb[p + 1]!
      const outTravel = dist[v * n + w]!
      if (!concat(joined.duration, joined.earliest, joined.latest, outTravel, bDb[p + 1]!, bEb[p + 1]!, bLb[p + 1]!)) continue
      const travelB = fTb[p]! + inTravel + outTravel + bTb[p + 1]!
      if (shorter(durA + joined.duration, travelA + travelB, oldD, oldT)) {
        routes.removeAt(a, i)
        routes.insertAt(b, p, v)
        routes.refresh(a)
        routes.refresh(b)
        return true
      }
    }
  }
  return false
}

/** Exchanges a vertex of tour a with a vertex of tour b, each taking the other's place. */
function swap(routes: Routes, a: number, b: number): boolean {
  const { n, m, dist, service, open, close, allowed } = routes.p
  const ra = routes.route[a]!
  const rb = routes.route[b]!
  const la = routes.len[a]!
  const lb = routes.len[b]!
  if (la <= 2 || lb <= 2) return false
  const oldD = totalDuration(routes, a, b)
  const oldT = totalTravel(routes, a, b)
  const startA = routes.start[a]!,
    startB = routes.start[b]!
  const fDa = routes.fD[a]!,
    fEa = routes.fE[a]!,
    fLa = routes.fL[a]!,
    fTa = routes.fT[a]!
  const bDa = routes.bD[a]!,
    bEa = routes.bE[a]!,
    bLa = routes.bL[a]!,
    bTa = routes.bT[a]!
  const fDb = routes.fD[b]!,
    fEb = routes.fE[b]!,
    fLb = routes.fL[b]!,
    fTb = routes.fT[b]!
  const bDb = routes.bD[b]!,
    bEb = routes.bE[b]!,
    bLb = routes.bL[b]!,
    bTb = routes.bT[b]!
  for (let i = 1; i < la - 1; i++) {
    const u = ra[i]!
    if (allowed[u * m + b] === 0) continue
    const ua = ra[i - 1]!
    const uz = ra[i + 1]!
    for (let j = 1; j < lb - 1; j++) {
      const v = rb[j]!
      if (allowed[v * m + a] === 0) continue
      const va = rb[j - 1]!
      const vz = rb[j + 1]!
      // Quick rejections from the current (earliest) schedules.
      if (startA[i - 1]! + service[ua]! + dist[ua * n + v]! > close[v]! + EPS) continue
      if (startB[j - 1]! + service[va]! + dist[va * n + u]! > close[u]! + EPS) continue
      const inA = dist[ua * n + v]!
      const outA = dist[v * n + uz]!
      if (!concat(fDa[i - 1]!, fEa[i - 1]!, fLa[i - 1]!, inA, service[v]!, open[v]!, close[v]!)) continue
      if (!concat(joined.duration, joined.earliest, joined.latest, outA, bDa[i + 1]!, bEa[i + 1]!, bLa[i + 1]!)) continue
      const durA = joined.duration
      const inB = dist[va * n + u]!
      const outB = dist[u * n + vz]!
      if (!concat(fDb[j - 1]!, fEb[j - 1]!, fLb[j - 1]!, inB, service[u]!, open[u]!, close[u]!)) continue
      if (!concat(joined.duration, joined.earliest, joined.latest, outB, bDb[j + 1]!, bEb[j + 1]!, bLb[j + 1]!)) continue
      const travel = fTa[i - 1]! + inA + outA + bTa[i + 1]! + fTb[j - 1]! + inB + outB + bTb[j + 1]!
      if (shorter(durA + joined.duration, travel, oldD, oldT)) {
        ra[i] = v
        rb[j] = u
        routes.tourOf[v] = a
        routes.tourOf[u] = b
        routes.refresh(a)
        routes.refresh(b)
        return true
      }
    }
  }
  return false
}

/** 2-opt*: tour a keeps its head up to position i and takes b's tail after j, and vice versa. */
function exchangeTails(routes: Routes, a: number, b: number): boolean {
  const p = routes.p
  const { n, m, dist, allowed } = p
  if (p.tourStart[a] !== p.tourStart[b] || p.tourEnd[a] !== p.tourEnd[b]) return false
  const ra = routes.route[a]!
  const rb = routes.route[b]!
  const la = routes.len[a]!
  const lb = routes.len[b]!
  const oldD = totalDuration(routes, a, b)
  const oldT = totalTravel(routes, a, b)
  const fDa = routes.fD[a]!,
    fEa = routes.fE[a]!,
    fLa = routes.fL[a]!,
    fTa = routes.fT[a]!
  const bDa = routes.bD[a]!,
    bEa = routes.bE[a]!,
    bLa = routes.bL[a]!,
    bTa = routes.bT[a]!
  const fDb = routes.fD[b]!,
    fEb = routes.fE[b]!,
    fLb = routes.fL[b]!,
    fTb = routes.fT[b]!
  const bDb = routes.bD[b]!,
    bEb = routes.bE[b]!,
    bLb = routes.bL[b]!,
    bTb = routes.bT[b]!
  // tailOkA[k]: every vertex of a's tail from position k may go to tour b (and tailOkB the other way).
  const tailOkA = tailAllowed(ra, la, b, allowed, m, 0)
  const tailOkB = tailAllowed(rb, lb, a, allowed, m, 1)
  for (let i = 0; i < la - 1; i++) {
    if (!tailOkA[i + 1]) continue
    for (let j = 0; j < lb - 1; j++) {
      if (!tailOkB[j + 1]) continue
      if (i === 0 && j === 0) continue
      if (i === la - 2 && j === lb - 2) continue
      const x = dist[ra[i]! * n + rb[j + 1]!]!
      if (!concat(fDa[i]!, fEa[i]!, fLa[i]!, x, bDb[j + 1]!, bEb[j + 1]!, bLb[j + 1]!)) continue
      const durA = joined.duration
      const y = dist[rb[j]! * n + ra[i + 1]!]!
      if (!concat(fDb[j]!, fEb[j]!, fLb[j]!, y, bDa[i + 1]!, bEa[i + 1]!, bLa[i + 1]!)) continue
      const travel = fTa[i]! + x + bTb[j + 1]! + fTb[j]! + y + bTa[i + 1]!
      if (shorter(durA + joined.duration, travel, oldD, oldT)) {
        const tailA = Array.from(ra.subarray(i + 1, la))
        const tailB = Array.from(rb.subarray(j + 1, lb))
        ra.set(tailB, i + 1)
        rb.set(tailA, j + 1)
        routes.len[a] = i + 1 + tailB.length
        routes.len[b] = j + 1 + tailA.length
        for (const v of tailB) if (v !== 0) routes.tourOf[v] = a
        for (const v of tailA) if (v !== 0) routes.tourOf[v] = b
        routes.refresh(a)
        routes.refresh(b)
        return true
      }
    }
  }
  return false
}

/** Scratch arrays of tailAllowed, one per tour of the pair, reused from call to call. */
const tailScratch = [new Uint8Array(64), new Uint8Array(64)]

function tailAllowed(r: Int32Array, len: number, other: number, allowed: Uint8Array, m: number, which: 0 | 1): Uint8Array {
  if (tailScratch[which]!.length < len + 1) tailScratch[which] = new Uint8Array(2 * (len + 1))
  const ok = tailScratch[which]!
  ok[len] = 1
  ok[len - 1] = 1
  for (let k = len - 2; k >= 1; k--) ok[k] = ok[k + 1]! && allowed[r[k]! * m + other] === 1 ? 1 : 0
  return ok
}
