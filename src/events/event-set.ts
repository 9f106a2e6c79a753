import { Result, Schema } from 'effect'

/** An event as a decider emits it and a projection reads it: a type tag and an id-only payload. */
export interface DomainEvent {
  readonly type: string
  readonly data: object
}

/** Where an event sits in the log. */
export interface EventPosition {
  readonly globalPosition: number
  readonly transactionId: string
  readonly streamId: string
  readonly streamVersion: number
}

export interface EventMetadata {
  readonly actorId?: string | undefined
  readonly requestId?: string | undefined
}

/** A row of the log before its payload is decoded. */
export interface StoredEvent extends EventPosition {
  readonly type: string
  readonly data: unknown
  readonly metadata: EventMetadata
  readonly occurredAt: Date
}

/** An event read back from the log, its payload decoded with its schema. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & Omit<StoredEvent, 'type' | 'data'>

/** An event in the log that no schema knows, or whose payload its schema rejects. */
export class MalformedEvent extends Schema.TaggedError<MalformedEvent>()('MalformedEvent', {
  globalPosition: Schema.Number,
  streamId: Schema.String,
  type: Schema.String,
  reason: Schema.String,
}) {
  override get message() {
    return `Event at global position ${this.globalPosition} (${this.type} in stream ${this.streamId}) cannot be read: ${this.reason}`
  }
}

type Payloads = Readonly<Record<string, Schema.Struct.Fields>>

/** The union of events an `events({...})` declaration describes. */
export type EventsOf<P extends Payloads> = {
  [T in keyof P & string]: { readonly type: T; readonly data: Schema.Struct.Type<P[T]> }
}[keyof P & string]

/**
 * A closed set of event types with their payload schemas: what an aggregate's stream may hold, what a
 * projection reads, or (combined) every event of the app.
 */
export interface EventSet<E extends DomainEvent = DomainEvent> {
  readonly types: ReadonlySet<string>
  /** `{ type, data }` as one Schema union. */
  readonly schema: Schema.Codec<E, unknown>
  readonly decode: (stored: StoredEvent) => Result.Result<RecordedEvent<E>, MalformedEvent>
  /** Checks an event about to be appended; throws (a programming error) when it does not match. */
  readonly validate: (event: DomainEvent) => void
}

/** The event union of an event set: `type AccountEvent = EventOf<typeof AccountEvents>`. */
export type EventOf<S> = S extends EventSet<infer E> ? E : never

type DataSchema = Schema.Codec<object, unknown>

const reasonOf = (error: { readonly message: string }) => error.message.replace(/\s+/g, ' ')

function eventSet<E extends DomainEvent>(payloads: ReadonlyMap<string, DataSchema>): EventSet<E> {
  const members = [...payloads].map(([type, data]) => Schema.Struct({ type: Schema.Literal(type), data }))
  const decoders = new Map([...payloads].map(([type, data]) => [type, Schema.decodeUnknownResult(data, { onExcessProperty: 'ignore' })]))
  return {
    types: new Set(payloads.keys()),
    schema: Schema.Union(members) as unknown as Schema.Codec<E, unknown>,
    decode: (stored) => {
      const decoder = decoders.get(stored.type)
      const malformed = (reason: string) =>
        Result.fail(new MalformedEvent({ globalPosition: stored.globalPosition, streamId: stored.streamId, type: stored.type, reason }))
      if (!decoder) return malformed('unknown event type')
      const data = decoder(stored.data)
      if (Result.isFailure(data)) return malformed(reasonOf(data.failure))
      return Result.succeed({ ...stored, data: data.success } as unknown as RecordedEvent<E>)
    },
    validate: (event) => {
      const decoder = decoders.get(event.type)
      if (!decoder) throw new Error(`Cannot append ${event.type}: not an event of this app`)
      const data = decoder(event.data)
      if (Result.isFailure(data)) throw new Error(`Cannot append ${event.type}: ${reasonOf(data.failure)}`)
    },
  }
}

/** Declares an aggregate's events: `events({ UserRegistered: { userId: Schema.String }, ... })`. */
export function events<const P extends Payloads>(payloads: P): EventSet<EventsOf<P>> {
  return eventSet(new Map(Object.entries(payloads).map(([type, fields]) => [type, Schema.Struct(fields) as unknown as DataSchema])))
}

const membersOf = (set: EventSet<any>) =>
  (set.schema as unknown as { members: readonly Schema.Struct<{ type: Schema.Literal<string>; data: DataSchema }>[] }).members.map(
    (member) => [member.fields.type.literal, member.fields.data] as const,
  )

/** Several event sets as one (the app's catalog); a type declared twice is an error at start. */
export function combineEvents<Sets extends readonly EventSet<any>[]>(...sets: Sets): EventSet<Sets[number] extends EventSet<infer E> ? E : never> {
  const payloads = new Map<string, DataSchema>()
  for (const set of sets) {
    for (const [type, data] of membersOf(set)) {
      if (payloads.has(type)) throw new Error(`Event type ${type} is declared twice`)
      payloads.set(type, data)
    }
  }
  return eventSet(payloads)
}

/**
 * Some events of a set, for a projection that reads only those (another module's `UserDeleted`, say):
 * `combineEvents(BucketListEvents, pickEvents(AccountEvents, ['UserDeleted']))`.
 */
export function pickEvents<E extends DomainEvent, const T extends E['type']>(set: EventSet<E>, types: readonly T[]): EventSet<Extract<E, { type: T }>> {
  const wanted = new Set<string>(types)
  const payloads = new Map(membersOf(set).filter(([type]) => wanted.has(type)))
  for (const type of types) if (!payloads.has(type)) throw new Error(`Event type ${type} is not in this set`)
  return eventSet(payloads)
}
