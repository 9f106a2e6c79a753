import { Effect, Schema } from 'effect'
import { sql, type Kysely } from 'kysely'
import type { Db } from '../platform/database.ts'
import { HttpStatus } from '../platform/errors.ts'
import { handles, type DomainEvent, type EventMetadata, type LogPosition, type Projection, type RecordedEvent, type StoredEvent } from './types.ts'

export const EVENTS_CHANNEL = 'roam_events'

export class ConcurrencyConflict extends Schema.TaggedError<ConcurrencyConflict>()('ConcurrencyConflict', {
  streamId: Schema.String,
  expectedVersion: Schema.Number,
  actualVersion: Schema.Number,
}) {
  readonly [HttpStatus] = 409
  override get message() {
    return 'This was changed elsewhere at the same time. Please try again.'
  }
}

/** The stream version the caller decided on; 0 means "the stream must not exist yet". */
export type ExpectedVersion = number | 'any'

export interface AppendRequest {
  readonly streamId: string
  readonly streamType: string
  readonly expectedVersion: ExpectedVersion
  readonly events: readonly DomainEvent[]
  readonly metadata?: EventMetadata
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

export function toStored(row: EventRow): StoredEvent {
  return {
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
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

async function appendInTransaction(trx: Db, request: AppendRequest, inline: readonly Projection<any>[]): Promise<AppendResult> {
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
  // The payloads are the caller's own typed values: nothing to decode.
  const events = rows.map((row, index) => ({ ...toStored(row as EventRow), data: request.events[index]!.data }) as RecordedEvent)
  for (const projection of inline) {
    const relevant = events.filter((event) => handles(projection, event.type))
    if (relevant.length > 0) await projection.apply(trx as Kysely<any>, relevant)
  }
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(trx)
  return { version, events }
}

/**
 * Appends events to a stream if its version is still the expected one, then runs every inline projection
 * that reads any of them, all in one transaction (the caller's, when `db` already is one).
 */
export function appendToStream(db: Db, request: AppendRequest, inline: readonly Projection<any>[]): Effect.Effect<AppendResult, ConcurrencyConflict> {
  return Effect.tryPromise({
    try: () => (db.isTransaction ? appendInTransaction(db, request, inline) : db.transaction().execute((trx) => appendInTransaction(trx, request, inline))),
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

/** A stream's events in order, undecoded, and its version (0 when it does not exist). */
export async function readStream(db: Db, streamId: string): Promise<{ version: number; events: StoredEvent[] }> {
  const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute()
  const events = rows.map((row) => toStored(row as EventRow))
  return { version: events.at(-1)?.streamVersion ?? 0, events }
}

export interface ReadLogOptions {
  readonly after?: LogPosition
  readonly limit?: number
  readonly eventTypes?: ReadonlySet<string> | 'all'
  readonly streamPrefix?: string
  /** Include events of transactions above the oldest running one (unsafe for checkpoints). */
  readonly includeInFlight?: boolean
  /** Stop at this position (inclusive): what an async projection had applied at its checkpoint. */
  readonly upTo?: LogPosition
}

/**
 * Reads the global log in (transaction_id, global_position) order. By default only events of transactions
 * below the current snapshot's xmin are returned: every transaction there has finished, so nothing that
 * commits later can appear before the returned position (a late commit is never skipped).
 */
export async function readLog(db: Db, options: ReadLogOptions = {}): Promise<StoredEvent[]> {
  const after = options.after ?? { transactionId: '0', globalPosition: 0 }
  let query = db
    .selectFrom('events')
    .selectAll()
    .where(sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})`)
  if (!options.includeInFlight) query = query.where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
  if (options.upTo)
    query = query.where(sql<boolean>`(transaction_id, global_position) <= (${options.upTo.transactionId}::xid8, ${options.upTo.globalPosition})`)
  if (options.eventTypes && options.eventTypes !== 'all') query = query.where('type', 'in', options.eventTypes.size > 0 ? [...options.eventTypes] : [''])
  if (options.streamPrefix) query = query.where('stream_id', 'like', `${options.streamPrefix.replace(/[\\%_]/g, '\\$&')}%`)
  const rows = await query
    .orderBy('transaction_id')
    .orderBy('global_position')
    .limit(options.limit ?? 1000)
    .execute()
  return rows.map((row) => toStored(row as EventRow))
}

/**
 * Deletes whole streams and their events (DESIGN §4: a deleted user's own streams). Read models are not
 * touched: the `UserDeleted` event that follows tells each projection what to drop, so a replay of the
 * remaining log gives the same tables.
 */
export async function deleteStreams(db: Db, streamIds: readonly string[]): Promise<number> {
  if (streamIds.length === 0) return 0
  const deleted = await db
    .deleteFrom('event_streams')
    .where('stream_id', 'in', [...streamIds])
    .executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

export function positionOf(event: { readonly transactionId: string; readonly globalPosition: number }): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition }
}
