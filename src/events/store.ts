import { Effect, Schema } from 'effect'
import { sql, type Kysely } from 'kysely'
import type { Db } from '../platform/database.ts'
import { HttpStatus } from '../platform/errors.ts'
import {
  handles,
  type DomainEvent,
  type EventMetadata,
  type LogPosition,
  type Projection,
  type Readings,
  type RecordedEvent,
  type StoredEvent,
} from './types.ts'

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
  /** What the inline projections wrote for this stream, as they answered it (`Projection.apply`). */
  readonly readings: Readonly<Record<string, unknown>>
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

interface InsertedRow {
  global_position: number
  transaction_id: string
  stream_id: string
  stream_version: number
  occurred_at: Date
}

/**
 * Claims the versions and inserts the events of appends to distinct streams, all in one statement (one
 * round trip): a stream claims its versions by bumping its row (created for expected version 0, bumped
 * whatever it is for 'any'); an append whose claim found no row is a Conflict and writes nothing. The
 * row lock taken by the first writer makes every concurrent writer with the same expected version
 * re-check the condition after it commits and fail: exactly one wins.
 */
async function insertDistinct(trx: Db, requests: readonly AppendRequest[]): Promise<Array<AppendResult | Conflict>> {
  const expected = requests.map((request) => (request.expectedVersion === 'any' ? -1 : request.expectedVersion))
  const events = requests.flatMap((request, item) => {
    const metadata = JSON.stringify(request.metadata ?? {})
    return request.events.map((event, index) => ({
      item,
      stream: request.streamId,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata,
      ord: index + 1,
    }))
  })
  const { rows } = await sql<InsertedRow>`
    WITH req AS (
      SELECT * FROM unnest(${requests.map((r) => r.streamId)}::text[], ${requests.map((r) => r.streamType)}::text[], ${expected}::int[], ${requests.map((r) => r.events.length)}::int[])
        AS r(stream_id, stream_type, expected, n)
    ), created AS (
      INSERT INTO event_streams (stream_id, stream_type, version) SELECT stream_id, stream_type, n FROM req WHERE expected = 0
      ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id, version
    ), bumped AS (
      INSERT INTO event_streams (stream_id, stream_type, version) SELECT stream_id, stream_type, n FROM req WHERE expected = -1
      ON CONFLICT (stream_id) DO UPDATE SET version = event_streams.version + excluded.version RETURNING stream_id, version
    ), updated AS (
      UPDATE event_streams s SET version = req.expected + req.n FROM req
      WHERE req.expected > 0 AND s.stream_id = req.stream_id AND s.version = req.expected RETURNING s.stream_id, s.version
    ), claimed AS (
      SELECT * FROM created UNION ALL SELECT * FROM bumped UNION ALL SELECT * FROM updated
    )
    INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT e.stream_id, claimed.version - req.n + e.ord, e.type, e.data::jsonb, e.metadata::jsonb
    FROM unnest(${events.map((e) => e.item)}::int[], ${events.map((e) => e.stream)}::text[], ${events.map((e) => e.type)}::text[],
                ${events.map((e) => e.data)}::text[], ${events.map((e) => e.metadata)}::text[], ${events.map((e) => e.ord)}::int[])
      AS e(item, stream_id, type, data, metadata, ord)
    JOIN claimed USING (stream_id) JOIN req USING (stream_id)
    ORDER BY e.item, e.ord
    RETURNING global_position, transaction_id, stream_id, stream_version, occurred_at`.execute(trx)

  const byStream = Map.groupBy(rows, (row) => row.stream_id)
  const lost = requests.filter((request) => !byStream.has(request.streamId)).map((request) => request.streamId)
  const actual =
    lost.length === 0
      ? new Map<string, number>()
      : new Map(
          (await trx.selectFrom('event_streams').select(['stream_id', 'version']).where('stream_id', 'in', lost).execute()).map((row) => [
            row.stream_id,
            row.version,
          ]),
        )
  return requests.map((request) => {
    const inserted = byStream.get(request.streamId)
    if (!inserted) return new Conflict(actual.get(request.streamId) ?? 0)
    inserted.sort((a, b) => a.stream_version - b.stream_version)
    const metadata = JSON.parse(JSON.stringify(request.metadata ?? {})) as EventMetadata
    // The payloads are the caller's own typed values: nothing to decode.
    const recorded = inserted.map(
      (row, index) =>
        ({
          globalPosition: row.global_position,
          transactionId: row.transaction_id,
          streamId: request.streamId,
          streamVersion: row.stream_version,
          type: request.events[index]!.type,
          data: request.events[index]!.data,
          metadata,
          occurredAt: row.occurred_at,
        }) as RecordedEvent,
    )
    return { version: inserted.at(-1)!.stream_version, events: recorded, readings: {} }
  })
}

/** Appends in order, one statement per run of distinct streams (a stream's second append sees its first). */
async function insertEvents(trx: Db, requests: readonly AppendRequest[]): Promise<Array<AppendResult | Conflict>> {
  const outcomes: Array<AppendResult | Conflict> = []
  for (let start = 0; start < requests.length;) {
    const streams = new Set<string>()
    let end = start
    while (end < requests.length && !streams.has(requests[end]!.streamId)) streams.add(requests[end++]!.streamId)
    outcomes.push(...(await insertDistinct(trx, requests.slice(start, end))))
    start = end
  }
  return outcomes
}

/** Runs the inline projections over appended events; answers the appends with what the projections read out for their streams. */
async function applyInline(trx: Db, outcomes: ReadonlyArray<AppendResult | Conflict>, inline: readonly Projection<any>[]) {
  const appended = outcomes.filter((outcome): outcome is AppendResult => !(outcome instanceof Conflict))
  const events = appended.flatMap((outcome) => outcome.events)
  const readings = new Map<string, Record<string, unknown>>()
  for (const projection of inline) {
    const relevant = events.filter((event) => handles(projection, event.type))
    if (relevant.length === 0) continue
    const read: Readings | void = await projection.apply(trx as Kysely<any>, relevant)
    for (const [streamId, values] of read ?? []) readings.set(streamId, { ...readings.get(streamId), ...values })
  }
  return outcomes.map((outcome) => (outcome instanceof Conflict ? outcome : { ...outcome, readings: readings.get(outcome.events[0]?.streamId ?? '') ?? {} }))
}

async function appendInTransaction(trx: Db, request: AppendRequest, inline: readonly Projection<any>[]): Promise<AppendResult> {
  const [result] = await applyInline(trx, await insertEvents(trx, [request]), inline)
  if (result instanceof Conflict) throw result
  return result!
}

interface PendingAppend {
  readonly request: AppendRequest
  readonly resolve: (result: AppendResult) => void
  readonly reject: (error: unknown) => void
}

const MAX_BATCH = 64
/** Shared transactions being written at once (each on its own connection). */
const MAX_BATCHES = 2

/**
 * Group commit for appends that own their transaction: while MAX_BATCHES transactions are being written
 * and committed, the appends that arrive queue up and then share the next one (one BEGIN, one run of each
 * inline projection over all their events, one COMMIT and WAL flush). Each append still wins or
 * conflicts on its own (a conflict is a claim that found no row, not an error); should the shared
 * transaction fail, its appends are retried one by one so that one cannot fail another.
 */
function appendBatcher(db: Db, inline: readonly Projection<any>[]) {
  const queue: PendingAppend[] = []
  let running = 0

  async function write(batch: readonly PendingAppend[]) {
    try {
      const outcomes = await db.transaction().execute(async (trx) =>
        applyInline(
          trx,
          await insertEvents(
            trx,
            batch.map((pending) => pending.request),
          ),
          inline,
        ),
      )
      batch.forEach((pending, index) => {
        const outcome = outcomes[index]!
        if (outcome instanceof Conflict) pending.reject(outcome)
        else pending.resolve(outcome)
      })
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error)
      else for (const pending of batch) await write([pending])
    }
  }

  async function drain() {
    running++
    while (queue.length > 0) await write(queue.splice(0, MAX_BATCH))
    running--
  }

  return (request: AppendRequest) =>
    new Promise<AppendResult>((resolve, reject) => {
      queue.push({ request, resolve, reject })
      if (running < MAX_BATCHES) void drain()
    })
}

const batchers = new WeakMap<Db, WeakMap<readonly Projection<any>[], (request: AppendRequest) => Promise<AppendResult>>>()

function batched(db: Db, inline: readonly Projection<any>[]) {
  let byInline = batchers.get(db)
  if (!byInline) batchers.set(db, (byInline = new WeakMap()))
  let append = byInline.get(inline)
  if (!append) byInline.set(inline, (append = appendBatcher(db, inline)))
  return append
}

/**
 * Appends events to a stream if its version is still the expected one, then runs every inline projection
 * that reads any of them, all in one transaction: the caller's, when `db` already is one, or one shared
 * with the appends that arrive meanwhile (group commit). It sends no NOTIFY: PostgreSQL serialises the
 * commits of notifying transactions (one global lock held through the WAL flush), so the wake-up for
 * async projectors goes out after the commit (`appendNotifier`).
 */
export function appendToStream(db: Db, request: AppendRequest, inline: readonly Projection<any>[]): Effect.Effect<AppendResult, ConcurrencyConflict> {
  return Effect.tryPromise({
    try: () => (db.isTransaction ? appendInTransaction(db, request, inline) : batched(db, inline)(request)),
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
/** A stream's events after `afterVersion` (all by default), and the stream's version (at least `afterVersion`). */
export async function readStream(db: Db, streamId: string, afterVersion = 0): Promise<{ version: number; events: StoredEvent[] }> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('stream_id', '=', streamId)
    .$if(afterVersion > 0, (qb) => qb.where('stream_version', '>', afterVersion))
    .orderBy('stream_version')
    .execute()
  const events = rows.map((row) => toStored(row as EventRow))
  return { version: events.at(-1)?.streamVersion ?? afterVersion, events }
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
  /** The types whose payloads are read: any other event comes with an empty one (it is only counted or passed). */
  readonly payloadsOf?: ReadonlySet<string>
}

/**
 * Reads the global log in (transaction_id, global_position) order. By default only events of transactions
 * below the current snapshot's xmin are returned: every transaction there has finished, so nothing that
 * commits later can appear before the returned position (a late commit is never skipped).
 */
export async function readLog(db: Db, options: ReadLogOptions = {}): Promise<StoredEvent[]> {
  const after = options.after ?? { transactionId: '0', globalPosition: 0 }
  const payloads = options.payloadsOf
  let query = db
    .selectFrom('events')
    .select(['global_position', 'transaction_id', 'stream_id', 'stream_version', 'type', 'metadata', 'occurred_at'])
    .select(
      payloads ? sql<unknown>`CASE WHEN type = ANY(${[...payloads, '']}::text[]) THEN data ELSE '{}'::jsonb END`.as('data') : sql<unknown>`data`.as('data'),
    )
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

/**
 * Deletes a stream's events before `version` (a deleted thing's content), keeping the stream and its later
 * events (an ids-only tombstone), and its snapshot; joins the current transaction.
 */
export async function truncateStream(db: Db, streamId: string, version: number): Promise<number> {
  await db.deleteFrom('stream_snapshots').where('stream_id', '=', streamId).execute()
  const deleted = await db.deleteFrom('events').where('stream_id', '=', streamId).where('stream_version', '<', version).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

/**
 * Wakes the async projectors (LISTEN in runner.ts) after appends have committed, one NOTIFY for a burst
 * of them, outside their transactions.
 */
export function appendNotifier(db: Db): () => void {
  let pending = false
  return () => {
    if (pending) return
    pending = true
    setImmediate(() => {
      pending = false
      sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(db).catch(() => {
        // The projectors poll as well: a lost wake-up only delays them.
      })
    })
  }
}

export function positionOf(event: { readonly transactionId: string; readonly globalPosition: number }): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition }
}
