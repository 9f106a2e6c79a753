import type { Projection, RecordedEvent } from '../../events/types.ts'
import { AccountEvent } from './domain.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    accounts: {
      user_id: string
      role: string
      registered_at: Date
      verified_at: Date | null
      blocked: boolean
      last_active_day: string | null
    }
  }
}

type Change = (row: Record<string, unknown>, event: RecordedEvent) => void

const changes: Record<string, Change> = {
  [AccountEvent.EmailVerified]: (row, event) => (row.verified_at = event.occurredAt),
  [AccountEvent.RoleChanged]: (row, event) => (row.role = String(event.data.role)),
  [AccountEvent.Blocked]: (row) => (row.blocked = true),
  [AccountEvent.Unblocked]: (row) => (row.blocked = false),
  [AccountEvent.ActiveOnDay]: (row, event) => (row.last_active_day = String(event.data.day)),
}

/** Role, verification, block status and last active day of every account (inline: read-your-writes). */
export const accountsProjection: Projection = {
  name: 'accounts',
  mode: 'inline',
  eventTypes: [AccountEvent.Registered, ...Object.keys(changes)],
  tables: ['accounts'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".accounts (
      user_id         uuid PRIMARY KEY,
      role            text NOT NULL,
      registered_at   timestamptz NOT NULL,
      verified_at     timestamptz,
      blocked         boolean NOT NULL DEFAULT false,
      last_active_day date
    )`,
  apply: async (db, events) => {
    for (const event of events) {
      const userId = String(event.data.userId)
      if (event.type === AccountEvent.Registered) {
        await db
          .insertInto('accounts')
          .values({ user_id: userId, role: 'user', registered_at: event.occurredAt, blocked: false })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute()
        continue
      }
      const row: Record<string, unknown> = {}
      changes[event.type]?.(row, event)
      await db.updateTable('accounts').set(row).where('user_id', '=', userId).execute()
    }
  },
}
