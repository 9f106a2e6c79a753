import type { Kysely } from 'kysely'
import type { DomainEvent, EventSet, RecordedEvent } from './event-set.ts'

export type { DomainEvent, EventMetadata, EventPosition, RecordedEvent, StoredEvent } from './event-set.ts'

/** A position in the log's (transaction_id, global_position) order. */
export interface LogPosition {
  readonly transactionId: string
  readonly globalPosition: number
}

export const LOG_START: LogPosition = { transactionId: '0', globalPosition: 0 }

/** Values an inline projection wrote, by stream id: the command that appended to the stream answers with them. */
export type Readings = ReadonlyMap<string, Readonly<Record<string, unknown>>>

/**
 * A read model fed by events. Its tables live in the schema the projector is given, so the same code
 * writes the live tables (`public`) and fresh ones during a rebuild. Whether it runs inline (in the
 * append's transaction) or async (in the projector runner) is the registry's choice, not its own.
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  readonly name: string
  /** The events it reads: others are skipped without a call; these are decoded with their schemas. */
  readonly events: EventSet<E>
  /**
   * `false`: it reads only each event's type, stream and time (counting events), never a payload: the log's
   * payloads are neither fetched nor decoded for it.
   */
  readonly readsPayloads?: false
  /**
   * Inline projections that must apply a batch before this one (by name), because they read this one's
   * tables as they were before the batch (e.g. counting a deleted user's follows before they are dropped).
   * The registry orders the inline projections by these.
   */
  readonly runsAfter?: readonly string[]
  /** Its tables, in dependency order (rebuild swaps all of them). */
  readonly tables: readonly string[]
  /** DDL creating the tables (and their indexes) inside `schema`. */
  readonly ddl: (schema: string) => string
  /**
   * Applies a batch of events, in log order, through a connection scoped to the target schema. Inline,
   * it may answer with what it wrote that the commands want to answer with (e.g. a post's like count once
   * the batch is applied), by the stream whose event moved it: the command then needs no second read.
   */
  readonly apply: (db: Kysely<any>, events: readonly RecordedEvent<E>[]) => Promise<void | Readings>
  /**
   * Inline projections: runs in the process that appended the events once they have committed (not
   * during a rebuild), e.g. to drop what it holds in memory of the read model.
   */
  readonly committed?: (events: readonly RecordedEvent<E>[]) => void
}

export const handles = (projection: Projection<any>, type: string): boolean => projection.events.types.has(type)
