import { Effect, Schema } from 'effect'
import { sql, type Kysely } from 'kysely'
import type { Db } from '../platform/database.ts'
import { handles, type EventMetadata, type LogPosition, type NewEvent, type Projection, type RecordedEvent } from './types.ts'

export const EVENTS_CHANNEL = 'roam_events'

export class ConcurrencyConflict extends Schema.TaggedError<ConcurrencyConflict>()('ConcurrencyConflict', {
  streamId: Schema.String,
  expectedVersion: Schema.Number,
  actualVersion: Schema.Number,
}) {}

/** The stream version the caller decided on; 0 means "the stream must not exist yet". */
export type ExpectedVersion = number | 'any'

export interface AppendRequest {
  readonly streamId: string
  readonly streamType: string
  readonly expectedVersion: ExpectedVersion
  readonly events: readonly NewEvent[]
  readonly metadata?: EventMetadata
  /** Read models updated in the same transaction as the append. */
  readonly inline?: readonly Projection[]
}

export interface AppendResult {
  readonly version: number
  readonly events: readonly RecordedEvent[]
}

interface EventRow {
  global_position: number
  transaction_id: string
  stream_id: string
  stream_version: number
  type: string
  data: unknown
  metadata: unknown
  occurred_at: Date
}

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data as Record<string, unknown>,
    metadata: row.metadata as EventMetadata,
    occurredAt: row.occurred_at,
  }
}

class Conflict {
  constructor(readonly actualVersion: number) {}
}

async function claimVersions(trx: Db, request: AppendRequest): Promise<number> {
  const count = request.events.length
  const { streamId, streamType, expectedVersion } = request
  if (expectedVersion === 'any') {
    const row = await trx
      .insertInto('event_streams')
      .values({ stream_id: streamId, stream_type: streamType, version: count })
      .onConflict((oc) => oc.column('stream_id').doUpdateSet({ version: sql`event_streams.version + ${count}` }))
      .returning('version')
      .executeTakeFirstOrThrow()
    return row.version
  }
  // The row lock taken by the first writer makes every concurrent writer with the same expected version
  // re-check the condition after it commits and fail: exactly one wins.
  const row =
    expectedVersion === 0
      ? await trx
          .insertInto('event_streams')
          .values({ stream_id: streamId, stream_type: streamType, version: count })
          .onConflict((oc) => oc.column('stream_id').doNothing())
          .returning('version')
          .executeTakeFirst()
      : await trx
          .updateTable('event_streams')
          .set({ version: expectedVersion + count })
          .where('stream_id', '=', streamId)
          .where('version', '=', expectedVersion)
          .returning('version')
          .executeTakeFirst()
  if (row) return row.version
  const actual = await trx.selectFrom('event_streams').select('version').where('stream_id', '=', streamId).executeTakeFirst()
  throw new Conflict(actual?.version ?? 0)
}

async function appendInTransaction(trx: Db, request: AppendRequest): Promise<AppendResult> {
  const version = await claimVersions(trx, request)
  const first = version - request.events.length + 1
  const metadata = JSON.stringify(request.metadata ?? {})
  const rows = await trx
    .insertInto('events')
    .values(
      request.events.map((event, index) => ({
        stream_id: request.streamId,
        stream_version: first + index,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata,
      })),
    )
    .returningAll()
    .execute()
  const events = rows.map((row) => toRecorded(row as EventRow))
  for (const projection of request.inline ?? []) {
    const relevant = events.filter((event) => handles(projection, event.type))
    if (relevant.length > 0) await projection.apply(trx as Kysely<any>, relevant)
  }
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(trx)
  return { version, events }
}

/**
 * Appends events to a stream if its version is still the expected one, then runs the inline projections,
 * all in one transaction (the caller's, when `db` already is one).
 */
export function appendToStream(db: Db, request: AppendRequest): Effect.Effect<AppendResult, ConcurrencyConflict> {
  return Effect.tryPromise({
    try: () =>
      db.isTransaction
        ? appendInTransaction(db, request)
        : db.transaction().execute((trx) => appendInTransaction(trx, request)),
    catch: (error) => error,
  }).pipe(
    Effect.catch((error) =>
      error instanceof Conflict
        ? Effect.fail(
            new ConcurrencyConflict({
              streamId: request.streamId,
              expectedVersion: request.expectedVersion === 'any' ? -1 : request.expectedVersion,
              actualVersion: error.actualVersion,
            }),
          )
        : Effect.die(error),
    ),
  )
}

export async function readStream(db: Db, streamId: string): Promise<RecordedEvent[]> {
  const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute()
  return rows.map((row) => toRecorded(row as EventRow))
}

export interface ReadLogOptions {
  readonly after?: LogPosition
  readonly limit?: number
  readonly eventTypes?: readonly string[] | 'all'
  readonly streamPrefix?: string
  /** Include events of transactions above the oldest running one (unsafe for checkpoints). */
  readonly includeInFlight?: boolean
}

/**
 * Reads the global log in (transaction_id, global_position) order. By default only events of transactions
 * below the current snapshot's xmin are returned: every transaction there has finished, so nothing that
 * commits later can appear before the returned position (a late commit is never skipped).
 */
export async function readLog(db: Db, options: ReadLogOptions = {}): Promise<RecordedEvent[]> {
  const after = options.after ?? { transactionId: '0', globalPosition: 0 }
  let query = db
    .selectFrom('events')
    .selectAll()
    .where(sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})`)
  if (!options.includeInFlight) query = query.where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
  if (options.eventTypes && options.eventTypes !== 'all') query = query.where('type', 'in', options.eventTypes.length > 0 ? [...options.eventTypes] : [''])
  if (options.streamPrefix) query = query.where('stream_id', 'like', `${options.streamPrefix.replace(/[\\%_]/g, '\\$&')}%`)
  const rows = await query
    .orderBy('transaction_id')
    .orderBy('global_position')
    .limit(options.limit ?? 1000)
    .execute()
  return rows.map((row) => toRecorded(row as EventRow))
}

export function positionOf(event: RecordedEvent): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition }
}
