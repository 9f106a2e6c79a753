import { Result } from 'effect'
import pg from 'pg'
import { sql } from 'kysely'
import { catalog } from '../../app/registry.ts'
import { EVENTS_CHANNEL, positionOf, readLog } from '../../events/store.ts'
import type { LogPosition, StoredEvent } from '../../events/types.ts'
import type { Db } from '../../platform/database.ts'
import { option } from '../args.ts'
import type { Command } from '../context.ts'

/** One JSON line per event, its payload decoded with its schema; an event that does not decode says why. */
function format(stored: StoredEvent): string {
  const decoded = catalog.decode(stored)
  if (Result.isFailure(decoded))
    return JSON.stringify({ position: stored.globalPosition, stream: stored.streamId, type: stored.type, error: decoded.failure.message })
  const event = decoded.success
  return JSON.stringify({
    position: event.globalPosition,
    at: event.occurredAt.toISOString(),
    stream: event.streamId,
    version: event.streamVersion,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  })
}

/** The position just before the last `count` events (optionally of one stream prefix). */
async function startingPoint(db: Db, count: number, stream: string | undefined): Promise<LogPosition> {
  const { rows } = await sql<{ transaction_id: string; global_position: number }>`
    SELECT transaction_id::text, global_position FROM events
    WHERE ${stream ? sql`stream_id LIKE ${`${stream.replace(/[\\%_]/g, '\\$&')}%`}` : sql`true`}
    ORDER BY transaction_id DESC, global_position DESC OFFSET ${Math.max(0, count)} LIMIT 1`.execute(db)
  const row = rows[0]
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : { transactionId: '0', globalPosition: 0 }
}

export const eventsTail: Command = {
  name: 'events:tail',
  usage: 'events:tail [--stream prefix] [--last N] [--follow]   print events as JSON lines',
  run: async ({ database, databaseUrl, args, out }) => {
    const stream = option(args, 'stream')
    const last = Number(option(args, 'last') ?? 20)
    const follow = args.includes('--follow') || args.includes('-f')
    let after = await startingPoint(database.db, Number.isFinite(last) ? last : 20, stream)
    const printNew = async (includeInFlight: boolean) => {
      for (;;) {
        const events = await readLog(database.db, { after, limit: 500, streamPrefix: stream, includeInFlight })
        for (const event of events) out(format(event))
        if (events.length === 0) return
        after = positionOf(events[events.length - 1]!)
      }
    }
    await printNew(!follow)
    if (!follow) return
    const listener = new pg.Client({ connectionString: databaseUrl })
    await listener.connect()
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`)
    let busy = Promise.resolve()
    const poll = () => (busy = busy.then(() => printNew(false)))
    listener.on('notification', poll)
    const timer = setInterval(poll, 1000)
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    clearInterval(timer)
    await listener.end()
  },
}
