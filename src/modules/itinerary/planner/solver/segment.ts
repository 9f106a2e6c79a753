import { EPS } from './compiled.ts'

/**
 * Time-window data of a vertex sequence, so that any concatenation of known sequences is checked in O(1)
 * (Vidal et al. 2013, without time warp): if the sequence's first service may start at time x ≤ `latest`,
 * its last service ends at max(x, `earliest`) + `duration`.
 *
 * `concat` writes the result into `joined` and returns false when the concatenation cannot be feasible.
 */
export const joined = { duration: 0, earliest: 0, latest: 0 }

export function concat(duration1: number, earliest1: number, latest1: number, travel: number, duration2: number, earliest2: number, latest2: number): boolean {
  const delta = duration1 + travel
  if (earliest1 + delta > latest2 + EPS) return false
  const forcedWait = earliest2 - delta - latest1 > 0 ? earliest2 - delta - latest1 : 0
  joined.duration = duration1 + duration2 + travel + forcedWait
  joined.earliest = (earliest2 - delta > earliest1 ? earliest2 - delta : earliest1) - forcedWait
  joined.latest = latest2 - delta < latest1 ? latest2 - delta : latest1
  return true
}
