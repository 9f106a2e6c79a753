import { Context, Effect, Layer, Result } from 'effect'
import { Database } from '../platform/database.ts'
import { CurrentRequest } from '../platform/logging.ts'
import { laterOf, OwnWrites } from '../platform/own-writes.ts'
import type { DomainEvent, EventSet, RecordedEvent } from './event-set.ts'
import type { ProjectionRegistry } from './registry.ts'
import {
  appendNotifier,
  appendToStream,
  deleteStreams,
  positionOf,
  readStream,
  truncateStream,
  type AppendResult,
  type ConcurrencyConflict,
  type ExpectedVersion,
} from './store.ts'
import { loadSnapshot, saveSnapshot, type Snapshot } from './snapshots.ts'
import { handles, type Projection } from './types.ts'

export interface StreamRef {
  readonly id: string
  readonly type: string
}

export interface AppendOptions {
  /** Who caused the events (a user id, `cli`, ...); the request id is added from the current request. */
  readonly actorId?: string | undefined
}

/** Tells each inline projection with a `committed` hook which of its events have just committed. */
function announceCommitted(inline: readonly Projection<any>[], events: readonly RecordedEvent[]) {
  for (const projection of inline) {
    if (!projection.committed) continue
    const relevant = events.filter((event) => handles(projection, event.type))
    if (relevant.length > 0) projection.committed(relevant)
  }
}

/**
 * The event store as commands use it. Appends join the current database transaction, are checked
 * against the event catalog, and run every inline projection of the registry that reads their events;
 * the async projectors are woken once the transaction has committed.
 * Reads decode each event with the schema the caller expects; an event that does not decode is a
 * defect naming its position.
 */
export class EventStore extends Context.Service<
  EventStore,
  {
    readonly append: (
      stream: StreamRef,
      expectedVersion: ExpectedVersion,
      events: readonly DomainEvent[],
      options?: AppendOptions,
    ) => Effect.Effect<AppendResult, ConcurrencyConflict>
    /** The stream's events (after `afterVersion`, when given) and its version. */
    readonly read: <E extends DomainEvent>(
      streamId: string,
      events: EventSet<E>,
      afterVersion?: number,
    ) => Effect.Effect<{ version: number; events: RecordedEvent<E>[] }>
    /** The stream's snapshot folded under these rules, if one is kept (events/snapshots.ts). */
    readonly loadSnapshot: (streamId: string, rules: string) => Effect.Effect<Snapshot | undefined>
    /** Keeps the stream's state at a version; joins the current transaction. */
    readonly saveSnapshot: (streamId: string, rules: string, version: number, state: unknown) => Effect.Effect<void>
    /** Deletes whole streams with their events (a deleted user's own streams); joins the current transaction. */
    readonly purge: (streamIds: readonly string[]) => Effect.Effect<number>
    /** Deletes a stream's events before `version`, keeping the later ones as its tombstone; joins the current transaction. */
    readonly truncate: (streamId: string, version: number) => Effect.Effect<number>
  }
>()('roam/EventStore') {
  static layer(registry: ProjectionRegistry) {
    return Layer.effect(
      EventStore,
      Effect.gen(function* () {
        const database = yield* Database
        const notify = appendNotifier(database.kysely)
        const append = Effect.fn('EventStore.append')(function* (
          stream: StreamRef,
          expectedVersion: ExpectedVersion,
          events: readonly DomainEvent[],
          options: AppendOptions = {},
        ) {
          for (const event of events) registry.catalog.validate(event)
          const { requestId } = yield* CurrentRequest
          const db = yield* database.query(async (db) => db)
          const appended = yield* appendToStream(
            db,
            { streamId: stream.id, streamType: stream.type, expectedVersion, events, metadata: { actorId: options.actorId, requestId } },
            registry.inline,
          )
          yield* database.afterCommit(notify)
          yield* database.afterCommit(() => announceCommitted(registry.inline, appended.events))
          // What an async read model reads: the request's client may read it next, once the projector has it.
          const last = appended.events.at(-1)
          if (last && appended.events.some((event) => registry.async.some((projection) => handles(projection, event.type)))) {
            const ownWrites = yield* OwnWrites
            yield* database.afterCommit(() => void (ownWrites.written = laterOf(ownWrites.written, positionOf(last))))
          }
          return appended
        })
        const read = <E extends DomainEvent>(streamId: string, events: EventSet<E>, afterVersion = 0) =>
          Effect.flatMap(
            database.query((db) => readStream(db, streamId, afterVersion)),
            (stored) => {
              const decoded: RecordedEvent<E>[] = []
              for (const event of stored.events) {
                const result = events.decode(event)
                if (Result.isFailure(result)) return Effect.die(result.failure)
                decoded.push(result.success)
              }
              return Effect.succeed({ version: stored.version, events: decoded })
            },
          )
        const purge = (streamIds: readonly string[]) => database.query((db) => deleteStreams(db, streamIds))
        return EventStore.of({
          append,
          read,
          purge,
          truncate: (streamId, version) => database.query((db) => truncateStream(db, streamId, version)),
          loadSnapshot: (streamId, rules) => database.query((db) => loadSnapshot(db, streamId, rules)),
          saveSnapshot: (streamId, rules, version, state) => database.query((db) => saveSnapshot(db, streamId, rules, version, state)),
        })
      }),
    )
  }
}
