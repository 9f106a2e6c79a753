import { Effect, Exit, Layer, ManagedRuntime, Result, Schema } from 'effect'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../test/database.ts'
import { Database, type Connection } from '../platform/database.ts'
import { handleCommand, type Decider } from './decider.ts'
import { EventStore } from './event-store.ts'
import { given } from './given.ts'
import { catchUp } from './projector.ts'
import { ensureProjections } from './rebuild.ts'
import { readStream } from './store.ts'
import { TestEvents, testRegistry, typeCounts } from './test-projections.ts'
import type { EventOf } from './event-set.ts'

class LimitReached extends Schema.TaggedError<LimitReached>()('LimitReached', { limit: Schema.Number }) {}

type CounterEvent = EventOf<typeof TestEvents>
const counter: Decider<{ readonly limit: number }, CounterEvent, number, LimitReached> = {
  streamType: 'counter',
  events: TestEvents,
  initialState: 0,
  evolve: (count, event) => (event.type === 'Counted' ? count + 1 : count),
  decide: (command, count) =>
    count >= command.limit ? Result.fail(new LimitReached({ limit: command.limit })) : Result.succeed([{ type: 'Counted', data: { i: count } }]),
}

let database: Connection
let runtime: ManagedRuntime.ManagedRuntime<EventStore | Database, never>
beforeAll(async () => {
  database = await freshDatabase()
  await ensureProjections(database.db, testRegistry)
  runtime = ManagedRuntime.make(EventStore.layer(testRegistry).pipe(Layer.provideMerge(Database.layer(database.db))))
})
afterAll(() => runtime?.dispose())

const summary = async (streamId: string) =>
  (await sql<{ events: number; title: string | null }>`SELECT events, title FROM test_stream_summaries WHERE stream_id = ${streamId}`.execute(database.db))
    .rows[0]

/** Writes a row straight into the log, as a bad deploy or a hand edit might. */
async function writeRaw(streamId: string, type: string, data: unknown) {
  await sql`INSERT INTO event_streams (stream_id, stream_type, version) VALUES (${streamId}, 'test', 1)`.execute(database.db)
  await sql`INSERT INTO events (stream_id, stream_version, type, data, metadata) VALUES (${streamId}, 1, ${type}, ${JSON.stringify(data)}, '{}')`.execute(
    database.db,
  )
}

describe('the decider helper', () => {
  it('states what a command does given a history', () => {
    given(counter, [])
      .when({ limit: 2 })
      .then([{ type: 'Counted', data: { i: 0 } }])
    given(counter, [{ type: 'Counted', data: { i: 0 } }])
      .when({ limit: 2 })
      .then([{ type: 'Counted', data: { i: 1 } }])
    given(counter, [
      { type: 'Counted', data: { i: 0 } },
      { type: 'Counted', data: { i: 1 } },
    ])
      .when({ limit: 2 })
      .thenFails(LimitReached, { limit: 2 })
  })
})

describe('EventStore', () => {
  it('runs every inline projection of the registry on every append, whoever appends', async () => {
    await runtime.runPromise(EventStore.use((store) => store.append({ id: 'inline-a', type: 'test' }, 0, [{ type: 'Renamed', data: { title: 'Lisbon' } }])))
    await runtime.runPromise(handleCommand(counter, 'inline-a', { limit: 10 }))
    expect(await summary('inline-a')).toEqual({ events: 2, title: 'Lisbon' })
  })

  it('answers each command with what the inline projections wrote for its stream in the same commit', async () => {
    const streams = Array.from({ length: 8 }, (_, i) => `readings-${i}`)
    const results = await Promise.all(streams.map((id) => runtime.runPromise(handleCommand(counter, id, { limit: 10 }))))
    expect(results.map((result) => result.readings)).toEqual(streams.map(() => ({ events: 1 })))
    expect((await runtime.runPromise(handleCommand(counter, 'readings-3', { limit: 10 }))).readings).toEqual({ events: 2 })
  })

  it("keeps a long stream's state every few events, and decides from it and the events after it alone", async () => {
    const snapshotted = { ...counter, snapshot: { every: 10, rules: 'counter-1' } }
    for (let i = 0; i < 25; i++) await runtime.runPromise(handleCommand(snapshotted, 'long-stream', { limit: 100 }))
    const kept = await database.db.selectFrom('stream_snapshots').selectAll().where('stream_id', '=', 'long-stream').executeTakeFirstOrThrow()
    expect(kept).toMatchObject({ version: 20, state: 20, rules: 'counter-1' })
    // The events the snapshot holds are not read again: without them the count goes on from 25.
    await sql`DELETE FROM events WHERE stream_id = 'long-stream' AND stream_version <= 20`.execute(database.db)
    const next = await runtime.runPromise(handleCommand(snapshotted, 'long-stream', { limit: 100 }))
    expect(next).toMatchObject({ previous: 25, state: 26, version: 26 })
    // A snapshot folded under other rules is ignored (here: every event is read again, and the deleted ones are missing).
    expect(
      (await runtime.runPromise(handleCommand({ ...snapshotted, snapshot: { every: 10, rules: 'counter-2' } }, 'long-stream', { limit: 100 }))).previous,
    ).toBe(6)
  })

  it('refuses to append an event the catalog does not know or whose payload is wrong, writing nothing', async () => {
    const unknown = await runtime.runPromiseExit(
      EventStore.use((store) => store.append({ id: 'bad-append', type: 'test' }, 0, [{ type: 'Teleported', data: {} }])),
    )
    const wrong = await runtime.runPromiseExit(
      EventStore.use((store) => store.append({ id: 'bad-append', type: 'test' }, 0, [{ type: 'Renamed', data: { title: 42 } }])),
    )
    expect(Exit.isFailure(unknown) && String(unknown.cause)).toMatch(/Teleported: not an event of this app/)
    expect(Exit.isFailure(wrong) && String(wrong.cause)).toMatch(/Cannot append Renamed/)
    expect((await readStream(database.db, 'bad-append')).events).toHaveLength(0)
  })

  it('names the position of a malformed event when a stream is read', async () => {
    await writeRaw('broken-stream', 'Renamed', { title: 7 })
    const [{ global_position }] = (
      await sql<{ global_position: number }>`SELECT global_position FROM events WHERE stream_id = 'broken-stream'`.execute(database.db)
    ).rows as [{ global_position: number }]
    const exit = await runtime.runPromiseExit(EventStore.use((store) => store.read('broken-stream', TestEvents)))
    expect(Exit.isFailure(exit) && String(exit.cause)).toContain(`Event at global position ${global_position} (Renamed in stream broken-stream) cannot be read`)
    await sql`DELETE FROM events WHERE stream_id = 'broken-stream'`.execute(database.db)
  })
})

describe('handleCommand', () => {
  it('decides again on the fresh state when another writer got there first, so no command is lost', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => runtime.runPromise(handleCommand(counter, 'busy', { limit: 100 }))))
    expect(results.map((result) => result.version).sort()).toEqual([1, 2, 3, 4, 5])
    const stream = await readStream(database.db, 'busy')
    expect(stream.events.map((event) => (event.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4])
  })

  it('returns the domain error and appends nothing when the rules refuse', async () => {
    await runtime.runPromise(handleCommand(counter, 'limited', { limit: 1 }))
    const refused = await runtime.runPromise(Effect.flip(handleCommand(counter, 'limited', { limit: 1 })))
    expect(refused).toBeInstanceOf(LimitReached)
    expect((await readStream(database.db, 'limited')).version).toBe(1)
  })
})

describe('async projections and malformed events', () => {
  it('stop at an event their schema rejects, name its position, and keep their checkpoint before it', async () => {
    await catchUp(database.db, typeCounts)
    await writeRaw('poison', 'Counted', { i: 'one' })
    await expect(catchUp(database.db, typeCounts)).rejects.toThrow(/cannot be read: .*i/)
    await sql`DELETE FROM events WHERE stream_id = 'poison'`.execute(database.db)
    await expect(catchUp(database.db, typeCounts)).resolves.toBeGreaterThanOrEqual(0)
  })
})
