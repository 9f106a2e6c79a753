import type { Compiled } from './compiled.ts'
import { Random } from './random.ts'
import type { Routes } from './routes.ts'

/**
 * Tours met at local optima during the search, kept by vertex set (one sequence per set) so that they can be
 * recombined: the best set of pairwise disjoint tours, one per day, may be a solution the search never
 * visited as a whole (the route recombination of Hu & Lim 2014). A tour is stored with the class of the tour
 * it was found in: tours of the same class (same window, same allowed vertices) can take each other's routes.
 */
export class RoutePool {
  /** Class of each tour; tours of one class are interchangeable. */
  readonly tourClass: Int32Array
  private readonly words: number
  private readonly capacity: number
  private readonly routes: StoredRoute[] = []
  /** Stored routes by a hash of their class and vertex set (Zobrist: one random number per vertex). */
  private readonly byKey = new Map<number, StoredRoute[]>()
  private readonly zobrist: Int32Array

  constructor(
    private readonly p: Compiled,
    capacity: number,
  ) {
    this.words = Math.ceil(p.n / 32)
    this.capacity = capacity
    this.tourClass = tourClasses(p)
    const random = new Random(p.n)
    this.zobrist = Int32Array.from({ length: p.n }, () => random.int(0x7fffffff))
  }

  get size(): number {
    return this.routes.length
  }

  /** Offers tour t of `routes` as it is now. */
  offerTour(routes: Routes, t: number): void {
    this.offer(t, routes.route[t]!.subarray(0, routes.len[t]!), routes.tourScore[t]!)
  }

  /** Offers the tour `route` ([0, ...vertices, 0]) found in tour t. */
  offer(t: number, route: Int32Array, score: number): void {
    if (route.length <= 2) return
    const tourClass = this.tourClass[t]!
    let key = tourClass
    for (let k = 1; k < route.length - 1; k++) key ^= this.zobrist[route[k]!]!
    const bucket = this.byKey.get(key)
    if (bucket?.some((r) => r.tourClass === tourClass && sameVertices(r.bits, route))) return
    if (this.routes.length >= this.capacity) {
      let worst = 0
      for (let i = 1; i < this.routes.length; i++) if (this.routes[i]!.score < this.routes[worst]!.score) worst = i
      const dropped = this.routes[worst]!
      if (dropped.score >= score) return
      const list = this.byKey.get(dropped.key)!
      list.splice(list.indexOf(dropped), 1)
      if (list.length === 0) this.byKey.delete(dropped.key)
      this.routes[worst] = this.routes[this.routes.length - 1]!
      this.routes.pop()
    }
    const bits = new Uint32Array(this.words)
    for (let k = 1; k < route.length - 1; k++) bits[route[k]! >>> 5]! |= 1 << (route[k]! & 31)
    const stored = { key, bits, route: route.slice(), score, tourClass }
    this.routes.push(stored)
    if (bucket) bucket.push(stored)
    else this.byKey.set(key, [stored])
  }

  /**
   * The best assignment of pairwise disjoint stored routes to tours (a tour may stay empty), by depth-first
   * branch and bound, visiting at most `nodeLimit` nodes. Tours of one class take routes in descending score
   * (which breaks their symmetry); the bound adds, for every tour still to fill, the best routes of its class
   * that are disjoint from the routes already chosen. Returns the tours as [0, ...vertices, 0] and their score.
   */
  bestPacking(nodeLimit: number, toBeat: number): { tours: Int32Array[]; score: number } | null {
    const { m } = this.p
    // A route can only be part of a better packing if it and the m - 1 best routes score more than toBeat.
    const scores = this.routes.map((r) => r.score).sort((a, b) => b - a)
    let others = 0
    for (let k = 0; k < m - 1 && k < scores.length; k++) others += scores[k]!
    const useful = this.routes.filter((r) => r.score + others > toBeat)
    const classes = [...new Set(this.tourClass)]
    const groups = classes.map((c) => ({
      tours: [...this.tourClass.keys()].filter((t) => this.tourClass[t] === c),
      routes: useful.filter((r) => r.tourClass === c).sort((a, b) => b.score - a.score),
    }))
    const used = new Uint32Array(this.words)
    const chosen: StoredRoute[][] = groups.map(() => [])
    let bestChoice: StoredRoute[][] = groups.map(() => [])
    let bestScore = toBeat
    let nodes = 0
    const disjoint = (bits: Uint32Array) => {
      for (let w = 0; w < bits.length; w++) if ((bits[w]! & used[w]!) !== 0) return false
      return true
    }
    const toggle = (bits: Uint32Array) => {
      for (let w = 0; w < bits.length; w++) used[w] = used[w]! ^ bits[w]!
    }
    /** Indices of the routes of group g from `from` on that are disjoint from the chosen ones, best first. */
    const compatible = (g: number, from: number, limit: number): number[] => {
      const out: number[] = []
      const list = groups[g]!.routes
      for (let i = from; i < list.length && out.length < limit; i++) if (disjoint(list[i]!.bits)) out.push(i)
      return out
    }
    const laterBound = (g: number): number => {
      let sum = 0
      for (let h = g + 1; h < groups.length; h++) for (const i of compatible(h, 0, groups[h]!.tours.length)) sum += groups[h]!.routes[i]!.score
      return sum
    }
    const search = (g: number, from: number, score: number): void => {
      if (nodes++ > nodeLimit) return
      if (g === groups.length) {
        if (score > bestScore) {
          bestScore = score
          bestChoice = chosen.map((list) => [...list])
        }
        return
      }
      const group = groups[g]!
      const slots = group.tours.length - chosen[g]!.length
      if (slots === 0) {
        search(g + 1, 0, score)
        return
      }
      const later = laterBound(g)
      // Routes disjoint from the chosen ones, found lazily: the loop stops at the first that cannot beat the best.
      const options: number[] = []
      let scanned = from
      const ensure = (count: number) => {
        const list = group.routes
        while (options.length < count && scanned < list.length) {
          if (disjoint(list[scanned]!.bits)) options.push(scanned)
          scanned++
        }
      }
      for (let j = 0; ; j++) {
        ensure(j + slots)
        if (j >= options.length) break
        const r = group.routes[options[j]!]!
        let rest = 0
        for (let k = j + 1; k < Math.min(options.length, j + slots); k++) rest += group.routes[options[k]!]!.score
        if (score + r.score + rest + later <= bestScore) break
        toggle(r.bits)
        chosen[g]!.push(r)
        search(g, options[j]! + 1, score + r.score)
        chosen[g]!.pop()
        toggle(r.bits)
        if (nodes > nodeLimit) return
      }
      // The remaining tours of this class stay empty.
      if (score + later > bestScore) search(g + 1, 0, score)
    }
    search(0, 0, 0)
    if (bestScore <= toBeat) return null
    const tours: Int32Array[] = Array.from({ length: m }, () => Int32Array.of(0, 0))
    groups.forEach((group, g) => bestChoice[g]!.forEach((r, k) => (tours[group.tours[k]!] = r.route.slice())))
    return { tours, score: bestScore }
  }
}

/** Whether the route's vertices are exactly the set `bits`. */
function sameVertices(bits: Uint32Array, route: Int32Array): boolean {
  let count = 0
  for (let k = 1; k < route.length - 1; k++) {
    if (((bits[route[k]! >>> 5]! >>> (route[k]! & 31)) & 1) === 0) return false
    count++
  }
  let members = 0
  for (const word of bits) for (let w = word; w !== 0; w &= w - 1) members++
  return members === count
}

interface StoredRoute {
  readonly key: number
  readonly bits: Uint32Array
  readonly route: Int32Array
  readonly score: number
  readonly tourClass: number
}

/** Tours with the same window and the same allowed vertices share a class. */
function tourClasses(p: Compiled): Int32Array {
  const classes = new Int32Array(p.m)
  const signatures: string[] = []
  for (let t = 0; t < p.m; t++) {
    const allowed: number[] = []
    for (let v = 1; v < p.n; v++) if (p.allowed[v * p.m + t] === 1) allowed.push(v)
    const signature = `${p.tourStart[t]}:${p.tourEnd[t]}:${allowed.join(',')}`
    let c = signatures.indexOf(signature)
    if (c < 0) c = signatures.push(signature) - 1
    classes[t] = c
  }
  return classes
}
