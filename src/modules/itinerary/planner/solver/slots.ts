import { EPS } from './compiled.ts'
import type { Insertion } from './insertion.ts'
import { PathRepair } from './path-repair.ts'
import type { Routes } from './routes.ts'

/** Entries of the memory of failed slots (a power of two; a newer failure overwrites an older one). */
const MEMORY_SIZE = 1 << 14

/**
 * Runs the slot re-optimisation (PathRepair) over every slot of `width` positions (or the whole tour when it is
 * shorter) of the tours that changed.
 * A slot that failed is remembered by its content (ends and inner vertices) with its time frame (earliest
 * departure from its first end, latest arrival at its last); the same content in the same or a tighter frame
 * is not tried again. After a perturbation most slots of a tour are the ones that already failed, and
 * retrying them almost never pays (the vertices a perturbation releases are offered to the insertion first).
 */
export class SlotScanner {
  private readonly repairer: PathRepair
  private readonly scannedAt: Int32Array
  private readonly failedTour = new Int32Array(MEMORY_SIZE).fill(-1)
  private readonly failedFrom = new Int32Array(MEMORY_SIZE)
  private readonly failedTo = new Int32Array(MEMORY_SIZE)
  private readonly failedInner = new Int32Array(MEMORY_SIZE)
  private readonly failedDeparture = new Float64Array(MEMORY_SIZE)
  private readonly failedLatest = new Float64Array(MEMORY_SIZE)

  constructor(
    private readonly routes: Routes,
    insertion: Insertion,
    private readonly width: number,
    private readonly labelCap: number,
  ) {
    this.repairer = new PathRepair(routes, insertion)
    this.scannedAt = new Int32Array(routes.p.m).fill(-1)
  }

  /** Returns whether any tour gained score. */
  scan(): boolean {
    const { routes } = this
    const { m } = routes.p
    let changed = false
    for (let t = 0; t < m; t++) {
      if (this.scannedAt[t] === routes.version[t]) continue
      const r = routes.route[t]!
      // A tour shorter than a slot is re-optimised as a whole.
      const width = Math.min(this.width, routes.len[t]! - 1)
      for (let i = 0; i + width < routes.len[t]!; i++) {
        const from = r[i]!
        const to = r[i + width]!
        let inner = 0
        for (let k = i + 1; k < i + width; k++) inner = (Math.imul(inner, 31) + r[k]!) | 0
        const departure = routes.start[t]![i]!
        const latest = routes.bL[t]![i + width]!
        const slot = (Math.imul(from, 0x9e3779b1) ^ Math.imul(to, 0x85ebca6b) ^ Math.imul(inner, 0xc2b2ae35) ^ t) & (MEMORY_SIZE - 1)
        if (
          this.failedTour[slot] === t &&
          this.failedFrom[slot] === from &&
          this.failedTo[slot] === to &&
          this.failedInner[slot] === inner &&
          departure >= this.failedDeparture[slot]! - EPS &&
          latest <= this.failedLatest[slot]! + EPS
        )
          continue
        if (this.repairer.repair(t, i, i + width, this.labelCap) > 0) {
          changed = true
          continue
        }
        this.failedTour[slot] = t
        this.failedFrom[slot] = from
        this.failedTo[slot] = to
        this.failedInner[slot] = inner
        this.failedDeparture[slot] = departure
        this.failedLatest[slot] = latest
      }
      this.scannedAt[t] = routes.version[t]!
    }
    return changed
  }
}
