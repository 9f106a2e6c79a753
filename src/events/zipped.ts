import { sql, type Kysely } from 'kysely'

/**
 * Arrays zipped into a derived table `t`, one row per index: a projection's batch of rows in one
 * statement. It names no table, so a rebuild's `withSchema` still sends the statement's tables to its
 * scratch schema (a table named in raw SQL would not follow).
 */
export const zipped = (db: Kysely<any>, columns: Record<string, { values: readonly unknown[]; type: string }>) =>
  db.selectNoFrom(Object.entries(columns).map(([name, { values, type }]) => sql`unnest(${values}::${sql.raw(type)}[])`.as(name))).as('t')
