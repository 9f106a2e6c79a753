/**
 * Pure helpers that work on one day's visits as an ordered list of candidate indices: earliest start
 * times, an order with the least travel, and spreading visits over days a solver left empty.
 */
export interface DayModel {
  /** Earliest start of each candidate (already on the grid and inside the day window). */
  readonly open: ArrayLike<number>
  /** Latest start of each candidate. */
  readonly latestStart: ArrayLike<number>
  readonly visit: ArrayLike<number>
  /** Travel used for timing (rounded up to the grid), candidate i → j. */
  readonly legTime: (i: number, j: number) => number
  /** Travel used to judge an order (the real estimate). */
  readonly legCost: (i: number, j: number) => number
  readonly dayStart: number
  readonly dayEnd: number
}

/** Start times when every visit starts as early as it may, or undefined when the order cannot be kept. */
export function earliestStarts(model: DayModel, order: readonly number[]): number[] | undefined {
  const starts: number[] = []
  let ready = model.dayStart
  for (const [k, c] of order.entries()) {
    if (k > 0) ready += model.legTime(order[k - 1]!, c)
    const start = Math.max(ready, model.open[c]!)
    if (start > model.latestStart[c]!) return undefined
    starts.push(start)
    ready = start + model.visit[c]!
  }
  return ready <= model.dayEnd ? starts : undefined
}

const cost = (model: DayModel, order: readonly number[]) => order.reduce((sum, c, k) => (k > 0 ? sum + model.legCost(order[k - 1]!, c) : sum), 0)

function* permutations(items: readonly number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items]
    return
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)]
    for (const tail of permutations(rest)) yield [items[i]!, ...tail]
  }
}

/**
 * The feasible order of the same visits with the least travel: every order for a short day, moving
 * single visits and reversing stretches (or-opt and 2-opt) for a longer one.
 */
export function leastTravelOrder(model: DayModel, order: readonly number[]): number[] {
  let best = [...order]
  let bestCost = cost(model, best)
  if (order.length <= 7) {
    for (const candidate of permutations(order)) {
      const candidateCost = cost(model, candidate)
      if (candidateCost < bestCost - 1e-9 && earliestStarts(model, candidate)) {
        best = candidate
        bestCost = candidateCost
      }
    }
    return best
  }
  for (let improved = true; improved; ) {
    improved = false
    for (let i = 0; i < best.length && !improved; i++) {
      for (let j = 0; j < best.length && !improved; j++) {
        if (i === j) continue
        const moved = [...best]
        const [visit] = moved.splice(i, 1)
        moved.splice(j, 0, visit!)
        const reversed = i < j ? [...best.slice(0, i), ...best.slice(i, j + 1).reverse(), ...best.slice(j + 1)] : moved
        for (const candidate of [moved, reversed]) {
          const candidateCost = cost(model, candidate)
          if (candidateCost < bestCost - 1e-9 && earliestStarts(model, candidate)) {
            best = candidate
            bestCost = candidateCost
            improved = true
            break
          }
        }
      }
    }
  }
  return best
}

/** The cheapest feasible place to put one more visit into a day, or undefined. */
function insertion(model: DayModel, order: readonly number[], c: number): number[] | undefined {
  let best: number[] | undefined
  let bestCost = Infinity
  for (let k = 0; k <= order.length; k++) {
    const candidate = [...order.slice(0, k), c, ...order.slice(k)]
    const candidateCost = cost(model, candidate)
    if (candidateCost < bestCost && earliestStarts(model, candidate)) {
      best = candidate
      bestCost = candidateCost
    }
  }
  return best
}

/**
 * A solver maximising the total score has no reason to spread a small city's places over all its days.
 * This moves visits from the fullest days to the emptiest, lowest score first, while the gap is two or
 * more and a move fits, so no day is left empty while another has visits to spare.
 */
export function spreadOverDays(model: DayModel, days: readonly (readonly number[])[], score: ArrayLike<number>): number[][] {
  const result = days.map((day) => [...day])
  for (let guard = 0; guard < 1000; guard++) {
    const byLength = result.map((day, index) => ({ index, length: day.length })).sort((a, b) => a.length - b.length || a.index - b.index)
    const emptiest = byLength[0]!
    const fullest = byLength[byLength.length - 1]!
    if (fullest.length - emptiest.length < 2) return result
    const donor = result[fullest.index]!
    const movable = [...donor].sort((a, b) => score[a]! - score[b]!)
    let moved = false
    for (const c of movable) {
      const target = insertion(model, result[emptiest.index]!, c)
      if (!target || !earliestStarts(model, donor.filter((other) => other !== c))) continue
      result[emptiest.index] = target
      result[fullest.index] = donor.filter((other) => other !== c)
      moved = true
      break
    }
    if (!moved) return result
  }
  return result
}
