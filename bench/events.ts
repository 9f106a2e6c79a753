/**
 * `npm run bench:events`: event-store throughput on a throwaway embedded PostgreSQL with durable
 * commits (fsync and synchronous_commit on, as in production).
 *
 * - commands/s with 1 and 16 concurrent writers (medians of BENCH_ROUNDS alternating rounds): each command reads its stream's version, decides, and
 *   appends one event with the expected version (distinct streams, an inline read model updated in the
 *   same transaction);
 * - the same durable work in plain PostgreSQL, without the event store, at the same concurrency: per
 *   command one statement that bumps the stream's version, inserts the event row and upserts the
 *   read-model row, committed (the least a hand-written app could do for the same rows), and the ratio
 *   event store / plain, measured side by side;
 * - rebuild throughput (events/s) of two read models over a 200k-event log.
 *
 * Prints one line per measurement and a JSON summary line last.
 */
import { Effect } from 'effect'
import { sql } from 'kysely'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureProjections, rebuildProjection } from '../src/events/rebuild.ts'
import { appendToStream } from '../src/events/store.ts'
import { streamSummaries, testRegistry } from '../src/events/test-projections.ts'
import { connect, type Db } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'

const COMMAND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const LOG_EVENTS = Number(process.env.BENCH_LOG_EVENTS ?? 200_000)

async function command(db: Db, streamId: string, i: number) {
  const row = await db.selectFrom('event_streams').select('version').where('stream_id', '=', streamId).executeTakeFirst()
  const version = row?.version ?? 0
  await Effect.runPromise(
    appendToStream(
      db,
      {
        streamId,
        streamType: 'bench',
        expectedVersion: version,
        events: [{ type: 'Counted', data: { i } }],
      },
      testRegistry.inline,
    ),
  )
}

/**
 * The rows one command leaves (stream version, event, read-model row), written by hand in one statement
 * and committed: what the event store's append is measured against.
 */
async function plainCommand(db: Db, streamId: string, i: number) {
  await sql`
    WITH stream AS (
      INSERT INTO event_streams (stream_id, stream_type, version) VALUES (${streamId}, 'bench', 1)
      ON CONFLICT (stream_id) DO UPDATE SET version = event_streams.version + 1
      RETURNING version
    ), event AS (
      INSERT INTO events (stream_id, stream_version, type, data, metadata)
      SELECT ${streamId}, version, 'Counted', jsonb_build_object('i', ${i}::int), '{}' FROM stream
      RETURNING global_position
    )
    INSERT INTO test_stream_summaries (stream_id, events, title, last_position)
    SELECT ${streamId}, 1, NULL, global_position FROM event
    ON CONFLICT (stream_id) DO UPDATE SET events = test_stream_summaries.events + 1, last_position = excluded.last_position`.execute(db)
}

type Command = (db: Db, streamId: string, i: number) => Promise<void>

async function commandsPerSecond(db: Db, writers: number, run: Command, label: string): Promise<number> {
  const deadline = performance.now() + COMMAND_SECONDS * 1000
  let done = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await run(db, `${label}-${writers}-${w}-${i % 50}`, i)
        done++
      }
    }),
  )
  return Math.round(done / ((performance.now() - started) / 1000))
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Fills the log with `count` events over 2,000 streams, written in bulk by SQL. */
async function fillLog(db: Db, count: number) {
  await sql`INSERT INTO event_streams (stream_id, stream_type, version)
    SELECT 'log-' || s, 'bench', ${count} / 2000 FROM generate_series(0, 1999) s`.execute(db)
  await sql`INSERT INTO events (stream_id, stream_version, type, data, occurred_at)
    SELECT 'log-' || (n % 2000), n / 2000 + 1, CASE WHEN n % 7 = 0 THEN 'Renamed' ELSE 'Counted' END,
           CASE WHEN n % 7 = 0 THEN jsonb_build_object('title', 'Trip ' || n) ELSE jsonb_build_object('i', n) END,
           now() - make_interval(days => n % 90)
    FROM generate_series(0, ${count - 1}) n`.execute(db)
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-'))
  fs.chmodSync(dataDir, 0o755)
  const server = await startEmbeddedPostgres(dataDir)
  const database = connect(server.url, { max: 20, applicationName: 'roam-bench' })
  try {
    const db = database.db
    await migrateToLatest(db)
    await ensureProjections(db, testRegistry)

    // Side by side, alternating, several rounds, medians: a busy machine weighs on both alike.
    const measured: Record<string, number> = {}
    for (const writers of [1, 16]) {
      const stores: number[] = []
      const plains: number[] = []
      const ratios: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const store = await commandsPerSecond(db, writers, command, `store-${round}`)
        const plain = await commandsPerSecond(db, writers, plainCommand, `plain-${round}`)
        console.log(
          `commands/s, ${writers} writer${writers === 1 ? '' : 's'}: event store ${store}, plain PostgreSQL ${plain} (${(store / plain).toFixed(2)}×)`,
        )
        stores.push(store)
        plains.push(plain)
        ratios.push(store / plain)
      }
      Object.assign(measured, {
        [`commandsPerSecond${writers}Writers`]: median(stores),
        [`plainPerSecond${writers}Writers`]: median(plains),
        [`ratio${writers}Writers`]: Number(median(ratios).toFixed(2)),
      })
    }

    await sql`TRUNCATE events, event_streams CASCADE`.execute(db)
    await fillLog(db, LOG_EVENTS)
    const rebuilds = []
    for (const projection of [streamSummaries, testRegistry.async.find((p) => p.name === 'event_stats_daily')!]) {
      const result = await rebuildProjection(db, testRegistry, projection)
      const rate = Math.round((result.events / result.ms) * 1000)
      console.log(`rebuild ${projection.name}: ${result.events} events in ${result.ms} ms (${rate} events/s)`)
      rebuilds.push(rate)
    }
    console.log(
      JSON.stringify({
        ...measured,
        rebuildEvents: LOG_EVENTS,
        rebuildEventsPerSecond: Math.min(...rebuilds),
        cores: os.availableParallelism(),
      }),
    )
  } finally {
    await database.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
