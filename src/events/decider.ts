import { Effect, Result } from 'effect'
import type { DomainEvent, EventSet } from './event-set.ts'
import { EventStore, type AppendOptions } from './event-store.ts'
import type { SnapshotPolicy } from './snapshots.ts'
import type { ConcurrencyConflict } from './store.ts'

/**
 * An aggregate's rules as pure functions (after Chassaing's deciders): the state a stream's events
 * leave, and the events a command produces from that state, or the domain error that refuses it.
 */
export interface Decider<Command, Event extends DomainEvent, State, Failure> {
  /** The `stream_type` of its streams. */
  readonly streamType: string
  /** The events its streams hold, with their schemas. */
  readonly events: EventSet<Event>
  readonly initialState: State
  readonly evolve: (state: State, event: Event) => State
  readonly decide: (command: Command, state: State) => Result.Result<readonly Event[], Failure>
  /** Keep the folded state every few events (a state that JSON round-trips): for streams that grow long. */
  readonly snapshot?: SnapshotPolicy
}

export const foldEvents = <E extends DomainEvent, S>(
  decider: Pick<Decider<any, E, S, any>, 'evolve' | 'initialState'>,
  events: readonly E[],
  from = decider.initialState,
): S => events.reduce(decider.evolve, from)

export interface CommandResult<Event, State> {
  /** The state the command was decided on. */
  readonly previous: State
  /** The state after the new events. */
  readonly state: State
  /** What the command appended (none when it changed nothing). */
  readonly events: readonly Event[]
  readonly version: number
  /** What the inline projections wrote for the stream in the same commit (none when nothing was appended). */
  readonly readings: Readonly<Record<string, unknown>>
}

const MAX_ATTEMPTS = 5

/**
 * Runs a command against one stream: reads it, folds `evolve`, decides, and appends the new events
 * with the version it decided on. When another writer got there first, it decides again on the fresh
 * state (a few times, then the conflict is the caller's: HTTP 409).
 */
export function handleCommand<Command, Event extends DomainEvent, State, Failure>(
  decider: Decider<Command, Event, State, Failure>,
  streamId: string,
  command: Command,
  options: AppendOptions = {},
): Effect.Effect<CommandResult<Event, State>, Failure | ConcurrencyConflict, EventStore> {
  const attempt = Effect.gen(function* () {
    const store = yield* EventStore
    const { state, version, snapshotVersion } = yield* currentState(decider, streamId)
    const decided = decider.decide(command, state)
    if (Result.isFailure(decided)) return yield* Effect.fail(decided.failure)
    const events = decided.success
    if (events.length === 0) return { previous: state, state, events, version, readings: {} }
    const appended = yield* store.append({ id: streamId, type: decider.streamType }, version, events, options)
    const after = foldEvents(decider, events, state)
    const policy = decider.snapshot
    if (policy && appended.version - snapshotVersion >= policy.every) yield* store.saveSnapshot(streamId, policy.rules, appended.version, after)
    return { previous: state, state: after, events, version: appended.version, readings: appended.readings }
  })
  return attempt.pipe(
    Effect.retry({ times: MAX_ATTEMPTS - 1, while: (error) => (error as { _tag?: string })._tag === 'ConcurrencyConflict' }),
  ) as Effect.Effect<CommandResult<Event, State>, Failure | ConcurrencyConflict, EventStore>
}

/** A stream's state and version: folded from its snapshot and the events after it, or from all its events. */
const currentState = <Event extends DomainEvent, State>(decider: Decider<any, Event, State, any>, streamId: string) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const snapshot = decider.snapshot ? yield* store.loadSnapshot(streamId, decider.snapshot.rules) : undefined
    const stream = yield* store.read(streamId, decider.events, snapshot?.version ?? 0)
    const from = snapshot ? (snapshot.state as State) : decider.initialState
    return { state: foldEvents(decider, stream.events, from), version: stream.version, snapshotVersion: snapshot?.version ?? 0 }
  })

/** Loads an aggregate's current state and version (for a query that must see the stream itself). */
export function loadState<Event extends DomainEvent, State>(decider: Decider<any, Event, State, any>, streamId: string) {
  return Effect.map(currentState(decider, streamId), ({ state, version }) => ({ state, version }))
}
