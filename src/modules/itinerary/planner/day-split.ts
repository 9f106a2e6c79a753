/**
 * Per-city day counts (spec §4 and §5, City day counts; §9 default split). Pure and browser-safe.
 * Counts are in destination order; their total never changes.
 */
import { sameCity, type PlanDay } from './plan.ts'

/** Spec §9, itinerary page: an even whole share per destination, the remainder spread round-robin from the first. */
export function roundRobinSplit(days: number, destinations: number): number[] {
  const share = Math.floor(days / destinations)
  const remainder = days - share * destinations
  return Array.from({ length: destinations }, (_, i) => share + (i < remainder ? 1 : 0))
}

/** Up arrow: one more day for `city`, taken from the first other city that can spare one (each keeps at least 1). */
export function moreDays(counts: readonly number[], city: number): number[] {
  const donor = counts.findIndex((count, i) => i !== city && count > 1)
  if (counts.length < 2 || donor < 0) return [...counts]
  return counts.map((count, i) => (i === city ? count + 1 : i === donor ? count - 1 : count))
}

/** Down arrow: one day fewer for `city` (never below 1), given to the first other city. */
export function fewerDays(counts: readonly number[], city: number): number[] {
  const receiver = counts.findIndex((_, i) => i !== city)
  if (counts.length < 2 || (counts[city] ?? 0) <= 1 || receiver < 0) return [...counts]
  return counts.map((count, i) => (i === city ? count - 1 : i === receiver ? count + 1 : count))
}

/** How many days the itinerary gives each destination (in the destinations' order). */
export function countsOf(days: readonly PlanDay[], destinations: readonly string[]): number[] {
  return destinations.map((destination) => days.filter((day) => sameCity(day.city, destination)).length)
}

/** The day counts as the generate call's `daysPerCity` map. */
export function daysPerCity(destinations: readonly string[], counts: readonly number[]): Record<string, number> {
  return Object.fromEntries(destinations.map((destination, i) => [destination, counts[i] ?? 0]))
}
