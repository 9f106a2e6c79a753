import { sql } from 'kysely'
import { projectorLag } from '../../events/checkpoints.ts'
import { asyncProjections } from '../../events/registry.ts'
import type { Db } from '../../platform/database.ts'
import { json } from '../../platform/http.ts'

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** `GET /api/health`: 200 when the database answers, with how far each async projector is behind. */
export async function health(db: Db): Promise<Response> {
  try {
    const started = performance.now()
    await withTimeout(sql`SELECT 1`.execute(db), 2000)
    const latencyMs = Math.round(performance.now() - started)
    const projectors = await withTimeout(
      Promise.all(asyncProjections.map(async (projection) => ({ name: projection.name, lag: await projectorLag(db, projection.name) }))),
      2000,
    )
    return json({ status: 'ok', database: { reachable: true, latencyMs }, projectors })
  } catch (error) {
    return json({ status: 'unavailable', database: { reachable: false, error: String((error as Error).message ?? error) }, projectors: [] }, 503)
  }
}
