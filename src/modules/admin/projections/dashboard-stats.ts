import { sql, type Kysely } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../../events/event-set.ts'
import type { Projection } from '../../../events/types.ts'
import { AccountEvents } from '../../auth/domain.ts'
import { PostEvents } from '../../roam-share/post-domain.ts'
import { periodsOf } from '../rules.ts'
import { applyInRuns } from '../../../events/runs.ts'

declare module '../../../platform/tables.ts' {
  interface Tables {
    admin_counters: { name: string; value: number }
    admin_stats_users: { user_id: string; blocked: boolean }
    admin_active_periods: { period: string; user_id: string }
    admin_active_counts: { period: string; active_users: number }
    admin_stats_posts: { post_id: string; author_id: string; open_reports: number }
  }
}

/** The dashboard's running totals. */
export type Counter = 'total_users' | 'banned_users' | 'total_posts' | 'reported_posts'

const StatsEvents = combineEvents(
  pickEvents(AccountEvents, ['UserRegistered', 'UserActiveOnDay', 'UserBlocked', 'UserUnblocked', 'UserDeleted']),
  pickEvents(PostEvents, ['PostPublished', 'PostReported', 'PostReportCleared', 'PostDeleted', 'PostRemovedByModerator']),
)
type StatsEvent = EventOf<typeof StatsEvents>

/** Adds to a counter; one back at 0 is no row, as a replay that never counted it would leave it. */
async function bump(db: Kysely<any>, name: Counter, by: number) {
  await db
    .insertInto('admin_counters')
    .values({ name, value: by })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`admin_counters.value + ${by}` }))
    .execute()
  if (by < 0) await db.deleteFrom('admin_counters').where('name', '=', name).where('value', '=', 0).execute()
}

/** Marks the users active in each period; only a user's first activity in a period adds to its count. */
async function countActivity(db: Kysely<any>, activity: readonly { data: { userId: string; day: string } }[]) {
  const periods: string[] = []
  const users: string[] = []
  for (const { data } of activity) {
    for (const period of periodsOf(data.day)) {
      periods.push(period)
      users.push(data.userId)
    }
  }
  const added = await db
    .insertInto('admin_active_periods')
    .columns(['period', 'user_id'])
    .expression(db.selectNoFrom([sql<string>`unnest(${periods}::text[])`.as('period'), sql<string>`unnest(${users}::uuid[])`.as('user_id')]))
    .onConflict((oc) => oc.doNothing())
    .returning('period')
    .execute()
  await addToCounts(db, added, 1)
}

/** Adds `by` to the count of each period once per row (a period may appear several times). */
async function addToCounts(db: Kysely<any>, rows: readonly { period: string }[], by: 1 | -1) {
  const counts = new Map<string, number>()
  for (const { period } of rows) counts.set(period, (counts.get(period) ?? 0) + by)
  if (counts.size === 0) return
  await db
    .insertInto('admin_active_counts')
    .values([...counts].map(([period, active_users]) => ({ period, active_users })))
    .onConflict((oc) => oc.column('period').doUpdateSet({ active_users: sql`admin_active_counts.active_users + excluded.active_users` }))
    .execute()
}

/**
 * Dashboard statistics (async): total and banned users, and the distinct active users per day, ISO week
 * and month (UTC), counted once when the activity arrives, so the dashboard reads a handful of rows.
 * A deleted user leaves the totals and every activity count they were in, so the figures never count
 * someone who is gone and a replay gives the same. Posts are counted while they exist (their author's
 * deletion takes them too), and a post with open reports counts once as reported.
 */
export const dashboardStatsProjection: Projection<StatsEvent> = {
  name: 'admin_stats',
  events: StatsEvents,
  tables: ['admin_counters', 'admin_stats_users', 'admin_active_periods', 'admin_active_counts', 'admin_stats_posts'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".admin_counters (name text PRIMARY KEY, value bigint NOT NULL);
    CREATE TABLE "${schema}".admin_stats_users (user_id uuid PRIMARY KEY, blocked boolean NOT NULL);
    CREATE TABLE "${schema}".admin_active_periods (period text NOT NULL, user_id uuid NOT NULL, PRIMARY KEY (period, user_id));
    CREATE INDEX ON "${schema}".admin_active_periods (user_id);
    CREATE TABLE "${schema}".admin_active_counts (period text PRIMARY KEY, active_users integer NOT NULL);
    CREATE TABLE "${schema}".admin_stats_posts (post_id uuid PRIMARY KEY, author_id uuid NOT NULL, open_reports integer NOT NULL DEFAULT 0);
    CREATE INDEX ON "${schema}".admin_stats_posts (author_id)`,
  apply: (db, events) =>
    applyInRuns(
      events,
      {
        UserActiveOnDay: (activity) => countActivity(db, activity),
        UserRegistered: async (registered) => {
          const added = await db
            .insertInto('admin_stats_users')
            .values(registered.map((event) => ({ user_id: event.data.userId, blocked: false })))
            .onConflict((oc) => oc.column('user_id').doNothing())
            .returning('user_id')
            .execute()
          if (added.length > 0) await bump(db, 'total_users', added.length)
        },
      },
      async (event) => {
        if (isPostEvent(event)) return countPosts(db, event)
        const { userId } = event.data
        switch (event.type) {
          case 'UserBlocked':
          case 'UserUnblocked': {
            const blocked = event.type === 'UserBlocked'
            const changed = await db
              .updateTable('admin_stats_users')
              .set({ blocked })
              .where('user_id', '=', userId)
              .where('blocked', '=', !blocked)
              .executeTakeFirst()
            if (Number(changed.numUpdatedRows) > 0) await bump(db, 'banned_users', blocked ? 1 : -1)
            return
          }
          case 'UserDeleted': {
            const gone = await db.deleteFrom('admin_stats_users').where('user_id', '=', userId).returning('blocked').executeTakeFirst()
            if (gone) await bump(db, 'total_users', -1)
            if (gone?.blocked) await bump(db, 'banned_users', -1)
            const periods = await db.deleteFrom('admin_active_periods').where('user_id', '=', userId).returning('period').execute()
            await addToCounts(db, periods, -1)
            await forgetPosts(db, await db.deleteFrom('admin_stats_posts').where('author_id', '=', userId).returning('open_reports').execute())
            return
          }
        }
      },
    ),
}

type PostStatsEvent = Extract<StatsEvent, { type: `Post${string}` }>
const isPostEvent = (event: StatsEvent): event is PostStatsEvent => event.type.startsWith('Post')

/** Takes posts that are gone out of the totals (and out of the reported ones, if they were). */
async function forgetPosts(db: Kysely<any>, gone: readonly { open_reports: number }[]) {
  if (gone.length === 0) return
  await bump(db, 'total_posts', -gone.length)
  const reported = gone.filter((post) => post.open_reports > 0).length
  if (reported > 0) await bump(db, 'reported_posts', -reported)
}

async function countPosts(db: Kysely<any>, event: PostStatsEvent) {
  const { postId } = event.data
  switch (event.type) {
    case 'PostPublished': {
      const added = await db
        .insertInto('admin_stats_posts')
        .values({ post_id: postId, author_id: event.data.authorId, open_reports: 0 })
        .onConflict((oc) => oc.column('post_id').doNothing())
        .returning('post_id')
        .execute()
      if (added.length > 0) await bump(db, 'total_posts', 1)
      return
    }
    case 'PostReported': {
      const row = await db
        .updateTable('admin_stats_posts')
        .set({ open_reports: sql`open_reports + 1` })
        .where('post_id', '=', postId)
        .returning('open_reports')
        .executeTakeFirst()
      if (row?.open_reports === 1) await bump(db, 'reported_posts', 1)
      return
    }
    case 'PostReportCleared': {
      const cleared = await db
        .updateTable('admin_stats_posts')
        .set({ open_reports: 0 })
        .where('post_id', '=', postId)
        .where('open_reports', '>', 0)
        .executeTakeFirst()
      if (Number(cleared.numUpdatedRows) > 0) await bump(db, 'reported_posts', -1)
      return
    }
    case 'PostDeleted':
    case 'PostRemovedByModerator':
      return forgetPosts(db, await db.deleteFrom('admin_stats_posts').where('post_id', '=', postId).returning('open_reports').execute())
  }
}
