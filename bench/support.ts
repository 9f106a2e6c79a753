import { Random } from '../src/modules/itinerary/solver/random.ts'

export { option } from '../src/cli/args.ts'
export { freePort } from '../src/platform/free-port.ts'

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** A small deterministic generator (mulberry32), so benchmark inputs are the same every run. */
export function seededRandom(seed: number): () => number {
  const random = new Random(seed)
  return () => random.next()
}

export async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs / 1000} s`)
}
