import type { Kysely } from 'kysely'

export interface NewEvent {
  readonly type: string
  /** Ids and facts only: personal data lives in ordinary tables keyed by user id. */
  readonly data: Readonly<Record<string, unknown>>
}

export interface EventMetadata {
  readonly actorId?: string | undefined
  readonly requestId?: string | undefined
}

export interface RecordedEvent {
  readonly globalPosition: number
  readonly transactionId: string
  readonly streamId: string
  readonly streamVersion: number
  readonly type: string
  readonly data: Record<string, unknown>
  readonly metadata: EventMetadata
  readonly occurredAt: Date
}

/** A position in the log's (transaction_id, global_position) order. */
export interface LogPosition {
  readonly transactionId: string
  readonly globalPosition: number
}

export const LOG_START: LogPosition = { transactionId: '0', globalPosition: 0 }

/**
 * A read model fed by events. Its tables live in the schema the projector is given, so the same code
 * writes the live tables (`public`) and fresh ones during a rebuild.
 */
export interface Projection {
  readonly name: string
  /** `inline` runs inside the append's transaction; `async` runs in the projector runner. */
  readonly mode: 'inline' | 'async'
  /** Event types it reacts to (others are skipped without a call), or every type. */
  readonly eventTypes: readonly string[] | 'all'
  /** Its tables, in dependency order (rebuild swaps all of them). */
  readonly tables: readonly string[]
  /** DDL creating the tables (and their indexes) inside `schema`. */
  readonly ddl: (schema: string) => string
  /** Applies a batch of events, in log order, through a connection scoped to the target schema. */
  readonly apply: (db: Kysely<any>, events: readonly RecordedEvent[]) => Promise<void>
}

export function handles(projection: Projection, type: string): boolean {
  return projection.eventTypes === 'all' || projection.eventTypes.includes(type)
}
