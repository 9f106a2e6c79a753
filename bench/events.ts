/**
 * `npm run bench:events`: event-store throughput on a throwaway embedded PostgreSQL with durable
 * commits (fsync and synchronous_commit on, as in production).
 *
 * - commands/s with 1 and 16 concurrent writers: each command reads its stream's version, decides, and
 *   appends one event with the expected version (distinct streams, an inline read model updated in the
 *   same transaction);
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

const COMMAND_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
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

async function commandsPerSecond(db: Db, writers: number): Promise<number> {
  const deadline = performance.now() + COMMAND_SECONDS * 1000
  let done = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await command(db, `bench-${writers}-${w}-${i % 50}`, i)
        done++
      }
    }),
  )
  return Math.round(done / ((performance.now() - started) / 1000))
}

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

    const single = await commandsPerSecond(db, 1)
    console.log(`commands/s, 1 writer: ${single}`)
    const sixteen = await commandsPerSecond(db, 16)
    console.log(`commands/s, 16 writers: ${sixteen}`)

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
        commandsPerSecond1Writer: single,
        commandsPerSecond16Writers: sixteen,
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
