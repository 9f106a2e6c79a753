import { sql, type Kysely } from 'kysely'
import type { Db } from '../platform/database.ts'
import { loadCheckpoint } from './checkpoints.ts'
import { decodeFor, payloadsOf, scoped } from './projector.ts'
import type { ProjectionRegistry } from './registry.ts'
import { positionOf, readLog } from './store.ts'
import type { LogPosition, Projection } from './types.ts'

export interface TableDifference {
  readonly table: string
  /** Rows the log gives that the live table lacks (or holds with other values), a sample. */
  readonly missing: readonly unknown[]
  /** Rows of the live table the log does not give, a sample. */
  readonly unexpected: readonly unknown[]
  readonly missingCount: number
  readonly unexpectedCount: number
}

export interface VerifyResult {
  readonly projection: string
  readonly events: number
  readonly differences: readonly TableDifference[]
}

class Discard {
  constructor(readonly result: VerifyResult) {}
}

const ident = (name: string) => sql.id(name)

async function compare(db: Kysely<any>, table: string, schema: string, sample: number): Promise<TableDifference | undefined> {
  const live = sql`public.${ident(table)}`
  const rebuilt = sql`${ident(schema)}.${ident(table)}`
  const diff = async (a: typeof live, b: typeof live) => {
    const rows = await sql<{ row: unknown }>`SELECT to_jsonb(d) AS row FROM (SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b}) d`.execute(db)
    return rows.rows.map((r) => r.row)
  }
  const [missing, unexpected] = [await diff(rebuilt, live), await diff(live, rebuilt)]
  if (missing.length === 0 && unexpected.length === 0) return undefined
  return { table, missing: missing.slice(0, sample), unexpected: unexpected.slice(0, sample), missingCount: missing.length, unexpectedCount: unexpected.length }
}

/**
 * Rebuilds a read model from the log into a scratch schema and compares it with the live tables, row for
 * row, without changing anything: all of it runs in one repeatable-read transaction that is rolled back,
 * so the live tables and the log are seen at one instant. An async model is replayed up to its own
 * checkpoint, so a projector that is merely behind is not a difference.
 */
export async function verifyProjection(db: Db, registry: ProjectionRegistry, projection: Projection<any>, sample = 10): Promise<VerifyResult> {
  const inline = registry.inline.includes(projection)
  const schema = `verify_${projection.name.replace(/\W/g, '_')}`
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const upTo: LogPosition | undefined = inline ? undefined : await loadCheckpoint(trx, projection.name)
        await sql`CREATE SCHEMA ${ident(schema)}`.execute(trx)
        await sql.raw(projection.ddl(schema)).execute(trx)
        let after: LogPosition | undefined
        let events = 0
        for (;;) {
          const batch = await readLog(trx, {
            after,
            limit: 5000,
            eventTypes: projection.events.types,
            includeInFlight: true,
            upTo,
            payloadsOf: payloadsOf(projection),
          })
          if (batch.length === 0) break
          await projection.apply(scoped(trx, schema), decodeFor(projection, batch))
          after = positionOf(batch[batch.length - 1]!)
          events += batch.length
        }
        const differences: TableDifference[] = []
        for (const table of projection.tables) {
          const difference = await compare(trx as Kysely<any>, table, schema, sample)
          if (difference) differences.push(difference)
        }
        throw new Discard({ projection: projection.name, events, differences })
      })
  } catch (outcome) {
    if (outcome instanceof Discard) return outcome.result
    throw outcome
  }
  throw new Error('unreachable')
}
