import { sql, type Kysely } from 'kysely'
import { applyInRuns } from '../../events/runs.ts'
import type { Projection } from '../../events/types.ts'
import { AccountEvents, type AccountEvent } from './domain.ts'
import type { ReadModels } from '../../events/registry.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    accounts: {
      user_id: string
      role: string
      registered_at: Date
      verified_at: Date | null
      blocked: boolean
      last_active_day: string | null
      password_version: number
    }
  }
}

type AccountRow = {
  role?: string
  verified_at?: Date
  blocked?: boolean
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
    default:
      return undefined
  }
}

/** Role, verification, block status, last active day and password version of every account (inline: read-your-writes). */
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
      last_active_day date,
      password_version integer NOT NULL DEFAULT 0
    )`,
  apply: (db, events) =>
    applyInRuns(
      events,
      {
        UserActiveOnDay: (activity) => recordLastActiveDays(db, 'accounts', activity),
        UserRegistered: async (registered) => {
          await db
            .insertInto('accounts')
            .values(
              registered.map((event) => ({ user_id: event.data.userId, role: 'user', registered_at: event.occurredAt, blocked: false, password_version: 0 })),
            )
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute()
        },
        UserEmailVerified: async (verified) => {
          const at = db
            .selectNoFrom([
              sql<string>`unnest(${verified.map((event) => event.data.userId)}::uuid[])`.as('user_id'),
              sql<Date>`unnest(${verified.map((event) => event.occurredAt.toISOString())}::timestamptz[])`.as('at'),
            ])
            .as('v')
          await db
            .updateTable('accounts')
            .from(at)
            .set({ verified_at: sql`v.at` })
            .whereRef('accounts.user_id', '=', 'v.user_id')
            .execute()
        },
      },
      async (event) => {
        if (event.type === 'UserDeleted') {
          await db.deleteFrom('accounts').where('user_id', '=', event.data.userId).execute()
          return
        }
        if (event.type === 'UserPasswordChanged' || event.type === 'UserPasswordReset') {
          await db
            .updateTable('accounts')
            .set((eb) => ({ password_version: eb('password_version', '+', 1) }))
            .where('user_id', '=', event.data.userId)
            .execute()
          return
        }
        const row = changes(event, event.occurredAt)
        if (row) await db.updateTable('accounts').set(row).where('user_id', '=', event.data.userId).execute()
      },
    ),
}

/**
 * Sets `last_active_day` of a read model keyed by `user_id` from a run of `UserActiveOnDay` events, in one
 * statement (a day only ever moves forward). Raw SQL names the table bare, never `public.`, so a rebuild's
 * scratch schema works too.
 */
export async function recordLastActiveDays(db: Kysely<any>, table: 'accounts' | 'admin_users', activity: readonly { data: { userId: string; day: string } }[]) {
  const lastDay = new Map<string, string>()
  for (const { data } of activity) if ((lastDay.get(data.userId) ?? '') < data.day) lastDay.set(data.userId, data.day)
  const days = db
    .selectNoFrom([sql<string>`unnest(${[...lastDay.keys()]}::uuid[])`.as('user_id'), sql<string>`unnest(${[...lastDay.values()]}::date[])`.as('day')])
    .as('v')
  await db
    .updateTable(table)
    .from(days)
    .set({ last_active_day: sql`GREATEST(${sql.raw(table)}.last_active_day, v.day)` })
    .whereRef(`${table}.user_id`, '=', 'v.user_id')
    .execute()
}

/** The account module's read models (src/app/registry.ts gathers every module's). */
export const authReadModels: ReadModels = { inline: [accountsProjection] }
