import type { Insertion } from './insertion.ts'
import { PathRepair } from './path-repair.ts'
import type { Routes } from './routes.ts'

/**
 * Runs the slot re-optimisation (PathRepair) over every slot of `width` positions (or the whole tour when it is
 * shorter) of the tours that changed.
 * A slot is skipped when its ends, inner vertices, earliest departure and latest arrival are what they were
 * when it last failed in the same epoch (the caller starts a new epoch after each ruin; vertices the local
 * search itself releases meanwhile are not worth a second look).
 */
export class SlotScanner {
  private readonly repairer: PathRepair
  private readonly scannedAt: Int32Array
  private epoch = 0
  // Last failed attempt per slot start: its node, or n + tour for the depot.
  private readonly failedEpoch: Int32Array
  private readonly failedTo: Int32Array
  private readonly failedInner: Int32Array
  private readonly failedDeparture: Float64Array
  private readonly failedLatest: Float64Array

  constructor(
    private readonly routes: Routes,
    insertion: Insertion,
    private readonly width: number,
    private readonly labelCap: number,
  ) {
    const { n, m } = routes.p
    this.repairer = new PathRepair(routes, insertion)
    this.scannedAt = new Int32Array(m).fill(-1)
    this.failedEpoch = new Int32Array(n + m).fill(-1)
    this.failedTo = new Int32Array(n + m)
    this.failedInner = new Int32Array(n + m)
    this.failedDeparture = new Float64Array(n + m)
    this.failedLatest = new Float64Array(n + m)
  }

  newEpoch(): void {
    this.epoch++
  }

  /** Returns whether any tour gained score. */
  scan(): boolean {
    const { routes } = this
    const { n, m } = routes.p
    let changed = false
    for (let t = 0; t < m; t++) {
      if (this.scannedAt[t] === routes.version[t]) continue
      const r = routes.route[t]!
      // A tour shorter than a slot is re-optimised as a whole.
      const width = Math.min(this.width, routes.len[t]! - 1)
      for (let i = 0; i + width < routes.len[t]!; i++) {
        const key = i === 0 ? n + t : r[i]!
        const to = r[i + width]!
        let inner = 0
        for (let k = i + 1; k < i + width; k++) inner = (Math.imul(inner, 31) + r[k]!) | 0
        const departure = routes.start[t]![i]!
        const latest = routes.bL[t]![i + width]!
        if (
          this.failedEpoch[key] === this.epoch &&
          this.failedTo[key] === to &&
          this.failedInner[key] === inner &&
          this.failedDeparture[key] === departure &&
          this.failedLatest[key] === latest
        )
          continue
        if (this.repairer.repair(t, i, i + width, this.labelCap) > 0) {
          changed = true
          continue
        }
        this.failedEpoch[key] = this.epoch
        this.failedTo[key] = to
        this.failedInner[key] = inner
        this.failedDeparture[key] = departure
        this.failedLatest[key] = latest
      }
      this.scannedAt[t] = routes.version[t]!
    }
    return changed
  }
}
