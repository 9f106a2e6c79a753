import type { Projection } from '../../events/types.ts'
import { AccountEvents, type AccountEvent } from './domain.ts'

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

type AccountRow = {
  role?: string
  verified_at?: Date
  blocked?: boolean
  last_active_day?: string
}

/** The columns an event changes, or undefined for an event that changes none. */
function changes(event: AccountEvent, occurredAt: Date): AccountRow | undefined {
  switch (event.type) {
    case 'UserEmailVerified':
      return { verified_at: occurredAt }
    case 'UserRoleChanged':
      return { role: event.data.role }
    case 'UserBlocked':
      return { blocked: true }
    case 'UserUnblocked':
      return { blocked: false }
    case 'UserActiveOnDay':
      return { last_active_day: event.data.day }
    default:
      return undefined
  }
}

/** Role, verification, block status and last active day of every account (inline: read-your-writes). */
export const accountsProjection: Projection<AccountEvent> = {
  name: 'accounts',
  events: AccountEvents,
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
      const { userId } = event.data
      if (event.type === 'UserRegistered') {
        await db
          .insertInto('accounts')
          .values({ user_id: userId, role: 'user', registered_at: event.occurredAt, blocked: false })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute()
        continue
      }
      if (event.type === 'UserDeleted') {
        await db.deleteFrom('accounts').where('user_id', '=', userId).execute()
        continue
      }
      const row = changes(event, event.occurredAt)
      if (row) await db.updateTable('accounts').set(row).where('user_id', '=', userId).execute()
    }
  },
}
