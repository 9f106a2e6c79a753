/**
 * Team Orienteering Problem with Time Windows (TOPTW): the caller's model and the solver's answer.
 *
 * Node numbering: node 0 is the depot (start and end of every tour); node i (1..N) is `vertices[i - 1]`.
 * `travel[i][j]` is the travel time from node i to node j (asymmetric allowed), in the same unit as the
 * service times, windows and tour windows, already rounded the way the caller wants.
 */
export interface Vertex {
  /** Profit collected when the vertex is visited (vertices with score ≤ 0 are never visited). */
  readonly score: number
  /** Service (visit) duration. */
  readonly service: number
  /** Service may not start before `open` (waiting is allowed)... */
  readonly open: number
  /** ...and must start no later than `close`. */
  readonly close: number
  /** Indices of the tours this vertex may be visited in; absent = any tour. */
  readonly allowedTours?: ReadonlyArray<number>
  /**
   * Pre-placed (a visit the traveller locked): give it one allowed tour and open = close. The search starts
   * with it in that tour and never takes it out; its score should outweigh every other vertex's.
   */
  readonly fixed?: boolean
}

export interface TourWindow {
  /** Departure time from the depot. */
  readonly start: number
  /** Latest return time to the depot. */
  readonly end: number
}

export interface Problem {
  readonly vertices: ReadonlyArray<Vertex>
  /** (N + 1) × (N + 1) travel times, row/column 0 = depot. */
  readonly travel: ReadonlyArray<ArrayLike<number>>
  /** One entry per tour (e.g. per day). */
  readonly tours: ReadonlyArray<TourWindow>
}

export interface Visit {
  /** Node number (1..N). */
  readonly vertex: number
  readonly arrival: number
  /** Service start: max(arrival, open). */
  readonly start: number
}

export interface Tour {
  readonly visits: ReadonlyArray<Visit>
  /** Arrival time back at the depot. */
  readonly returnTime: number
}

export interface Solution {
  readonly tours: ReadonlyArray<Tour>
  readonly score: number
  /** Sum of the travel times of all legs, depot legs included. */
  readonly travel: number
  /** Search rounds performed (perturbation + local search). */
  readonly iterations: number
}

/**
 * Search budget. The search stops at the first limit reached. Without `timeLimitMs` the result depends only
 * on the problem, the options and the seed, never on the machine's speed.
 */
export interface SolveOptions {
  /** Seed of the pseudo-random generator (default 1). */
  readonly seed?: number
  /** Maximum number of perturbation + local search rounds (default: scaled by problem size, see `defaultBudget`). */
  readonly maxIterations?: number
  /** Stop after this many rounds without a better solution (default: scaled by problem size). */
  readonly maxIterationsWithoutImprovement?: number
  /** Wall-clock cap in milliseconds (default none). */
  readonly timeLimitMs?: number
  /**
   * Warm start: vertex numbers per tour (e.g. the current plan). Fixed vertices are placed first; the others
   * are kept in this order where they still fit, and the search goes on from there.
   */
  readonly initial?: ReadonlyArray<ReadonlyArray<number>>
}
