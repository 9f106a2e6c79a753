import { Effect, Exit } from 'effect'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../test/database.ts'
import type { Connection } from '../platform/database.ts'
import { catchUp } from './projector.ts'
import { ensureProjections, rebuildProjection } from './rebuild.ts'
import { appendToStream, ConcurrencyConflict, readStream } from './store.ts'
import { arrivalLog, streamSummaries, testRegistry, typeCounts } from './test-projections.ts'

let database: Connection
beforeAll(async () => {
  database = await freshDatabase()
  await ensureProjections(database.db, testRegistry)
})

const count = (streamId: string, expectedVersion: number | 'any', n = 1, db = database.db) =>
  appendToStream(
    db,
    {
      streamId,
      streamType: 'test',
      expectedVersion,
      events: Array.from({ length: n }, (_, i) => ({ type: 'Counted', data: { i } })),
    },
    [streamSummaries],
  )

async function tableRows(table: string, orderBy: string) {
  const { rows } = await sql.raw<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${orderBy}`).execute(database.db)
  return rows
}

async function countsFromLog() {
  const { rows } = await sql<{ type: string; count: number }>`
    SELECT type, count(*)::int AS count FROM events WHERE type IN ('Counted', 'Renamed') GROUP BY type ORDER BY type`.execute(database.db)
  return rows
}

describe('appendToStream', () => {
  it('lets exactly one of 50 concurrent appends with the same expected version win', async () => {
    await Effect.runPromise(count('race-1', 0))
    const exits = await Promise.all(Array.from({ length: 50 }, () => Effect.runPromiseExit(count('race-1', 1))))
    const wins = exits.filter(Exit.isSuccess)
    const conflicts = exits.filter((exit) => Exit.isFailure(exit) && exit.cause.toString().includes('ConcurrencyConflict'))
    expect(wins).toHaveLength(1)
    expect(conflicts).toHaveLength(49)
    const stream = await readStream(database.db, 'race-1')
    expect(stream.version).toBe(2)
    expect(stream.events.map((event) => event.streamVersion)).toEqual([1, 2])
  })

  it('fails with a typed conflict carrying the actual version', async () => {
    await Effect.runPromise(count('conflict-1', 0, 3))
    const error = await Effect.runPromise(Effect.flip(count('conflict-1', 1)))
    expect(error).toBeInstanceOf(ConcurrencyConflict)
    expect(error).toMatchObject({ streamId: 'conflict-1', expectedVersion: 1, actualVersion: 3 })
    const again = await Effect.runPromise(Effect.flip(count('conflict-1', 0)))
    expect(again.actualVersion).toBe(3)
  })

  it('updates inline read models in the same transaction, and not at all when the append fails', async () => {
    await Effect.runPromise(count('inline-1', 0, 2))
    await Effect.runPromiseExit(count('inline-1', 0))
    const [row] = await database.db
      .selectFrom('test_stream_summaries' as never)
      .selectAll()
      .where('stream_id' as never, '=', 'inline-1' as never)
      .execute()
    expect(row).toMatchObject({ events: 2 })
  })
})

describe('async projections', () => {
  it('sees a transaction that took a lower position but committed later, in log order, never skipping it', async () => {
    let releaseSlow!: () => void
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve))
    let slowAppended!: () => void
    const slowHasAppended = new Promise<void>((resolve) => (slowAppended = resolve))
    const slow = database.db.transaction().execute(async (trx) => {
      await Effect.runPromise(count('gap-slow', 0, 1, trx))
      slowAppended()
      await slowMayCommit
    })
    await slowHasAppended
    await Effect.runPromise(count('gap-fast', 0))

    await catchUp(database.db, arrivalLog)
    const whileOpen = await tableRows('test_arrival_log', 'seq')
    expect(whileOpen.map((row) => row.stream_id)).not.toContain('gap-fast')

    releaseSlow()
    await slow
    await catchUp(database.db, arrivalLog)
    const arrived = (await tableRows('test_arrival_log', 'seq')).map((row) => String(row.stream_id))
    expect(arrived.filter((id) => id.startsWith('gap-'))).toEqual(['gap-slow', 'gap-fast'])
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type = 'Counted'`.execute(database.db)
    expect(arrived).toHaveLength(rows[0]!.n)
  })

  it('ends with the same read model after a crash mid-batch and a restart (no double counting)', async () => {
    for (let i = 0; i < 40; i++) await Effect.runPromise(count(`crash-${i % 7}`, 'any', 1 + (i % 3)))
    let calls = 0
    const crashing: typeof typeCounts = {
      ...typeCounts,
      apply: async (db, events) => {
        calls++
        await typeCounts.apply(db, events.slice(0, Math.ceil(events.length / 2)))
        if (calls === 2) await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(db)
        await typeCounts.apply(db, events.slice(Math.ceil(events.length / 2)))
      },
    }
    await expect(catchUp(database.db, crashing, 10)).rejects.toThrow()
    await catchUp(database.db, typeCounts, 10)
    expect(await tableRows('test_type_counts', 'type')).toEqual(await countsFromLog())
  })

  it('rebuilds read models that equal the live ones row for row', async () => {
    for (let i = 0; i < 30; i++) {
      await Effect.runPromise(count(`rebuild-${i % 5}`, 'any', 1 + (i % 4)))
      if (i % 6 === 0) {
        await Effect.runPromise(
          appendToStream(
            database.db,
            { streamId: `rebuild-${i % 5}`, streamType: 'test', expectedVersion: 'any', events: [{ type: 'Renamed', data: { title: `Trip ${i}` } }] },
            [streamSummaries],
          ),
        )
      }
    }
    await catchUp(database.db, typeCounts)
    await catchUp(database.db, arrivalLog)
    const before = {
      counts: await tableRows('test_type_counts', 'type'),
      summaries: await tableRows('test_stream_summaries', 'stream_id'),
    }
    expect(before.summaries.length).toBeGreaterThan(5)
    await database.db
      .deleteFrom('test_stream_summaries' as never)
      .where('stream_id' as never, '=', 'rebuild-0' as never)
      .execute()

    const result = await rebuildProjection(database.db, testRegistry, streamSummaries)
    await rebuildProjection(database.db, testRegistry, typeCounts)
    expect(result.events).toBeGreaterThan(0)
    expect(await tableRows('test_stream_summaries', 'stream_id')).toEqual(before.summaries)
    expect(await tableRows('test_type_counts', 'type')).toEqual(before.counts)
    // The rebuilt async model carries on from its new checkpoint without double counting.
    await Effect.runPromise(count('rebuild-after', 0))
    await catchUp(database.db, typeCounts)
    expect(await tableRows('test_type_counts', 'type')).toEqual(await countsFromLog())
  })
})
