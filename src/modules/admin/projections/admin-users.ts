import { sql } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../../events/event-set.ts'
import type { Projection } from '../../../events/types.ts'
import { AccountEvents } from '../../auth/domain.ts'
import { ProfileEvents } from '../../roam-share/profile-domain.ts'
import { recordLastActiveDays } from '../../auth/projections.ts'
import { applyInRuns } from '../../../events/runs.ts'

declare module '../../../platform/tables.ts' {
  interface Tables {
    admin_users: {
      user_id: string
      username: string | null
      role: string
      blocked: boolean
      verified: boolean
      registered_at: Date
      last_active_day: string | null
      warnings: number
    }
    admin_warnings: { warning_id: string; user_id: string; admin_id: string; warned_at: Date }
  }
}

const AdminUserEvents = combineEvents(
  pickEvents(ProfileEvents, ['UsernameSet']),
  pickEvents(AccountEvents, [
    'UserRegistered',
    'UserEmailVerified',
    'UserActiveOnDay',
    'UserRoleChanged',
    'UserBlocked',
    'UserUnblocked',
    'UserWarned',
    'UserDeleted',
  ]),
)
type AdminUserEvent = EventOf<typeof AdminUserEvents>

/**
 * The Users tab: one row per account with its role, status, last active day and warnings, and the
 * warnings themselves (their text is a moderation note). Inline, so an admin sees a block at once.
 * `username` is the Roam Share username, once one is set.
 */
export const adminUsersProjection: Projection<AdminUserEvent> = {
  name: 'admin_users',
  events: AdminUserEvents,
  tables: ['admin_users', 'admin_warnings'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".admin_users (
      user_id         uuid PRIMARY KEY,
      username        text,
      role            text NOT NULL,
      blocked         boolean NOT NULL DEFAULT false,
      verified        boolean NOT NULL DEFAULT false,
      registered_at   timestamptz NOT NULL,
      last_active_day date,
      warnings        integer NOT NULL DEFAULT 0
    );
    CREATE INDEX ON "${schema}".admin_users (registered_at DESC, user_id);
    CREATE INDEX ON "${schema}".admin_users (blocked, registered_at DESC, user_id);
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX ON "${schema}".admin_users USING gin (lower(username) gin_trgm_ops)';
      END IF;
    END
    $$;
    CREATE TABLE "${schema}".admin_warnings (
      warning_id uuid PRIMARY KEY,
      user_id    uuid NOT NULL,
      admin_id   uuid NOT NULL,
      warned_at  timestamptz NOT NULL
    );
    CREATE INDEX ON "${schema}".admin_warnings (user_id, warned_at DESC)`,
  apply: (db, events) =>
    applyInRuns(
      events,
      {
        UserActiveOnDay: (activity) => recordLastActiveDays(db, 'admin_users', activity),
        UserRegistered: async (registered) => {
          await db
            .insertInto('admin_users')
            .values(registered.map((event) => ({ user_id: event.data.userId, role: 'user', registered_at: event.occurredAt })))
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute()
        },
        UserEmailVerified: async (verified) => {
          await db
            .updateTable('admin_users')
            .set({ verified: true })
            .where(
              'user_id',
              'in',
              verified.map((event) => event.data.userId),
            )
            .execute()
        },
      },
      async (event) => {
        const { userId } = event.data
        const user = db.updateTable('admin_users').where('user_id', '=', userId)
        switch (event.type) {
          case 'UsernameSet':
            return void (await user.set({ username: event.data.username }).execute())
          case 'UserRoleChanged':
            return void (await user.set({ role: event.data.role }).execute())
          case 'UserBlocked':
            return void (await user.set({ blocked: true }).execute())
          case 'UserUnblocked':
            return void (await user.set({ blocked: false }).execute())
          case 'UserWarned':
            await db
              .insertInto('admin_warnings')
              .values({ warning_id: event.data.warningId, user_id: userId, admin_id: event.data.adminId, warned_at: event.occurredAt })
              .execute()
            return void (await user.set({ warnings: sql`warnings + 1` }).execute())
          case 'UserDeleted':
            await db.deleteFrom('admin_warnings').where('user_id', '=', userId).execute()
            return void (await db.deleteFrom('admin_users').where('user_id', '=', userId).execute())
        }
      },
    ),
}
